import type { Page } from 'playwright-core';
import { OWN_CONSENT_COOKIE } from './consentStates';
import { observePage } from './evidence/pageEvidence';
import { evaluateJson } from './evidence/pageScript';
import type { PageEvidence as EvidencePage, StateOutcome } from './evidence/types';
import { normaliseUrl } from './urls';
import type { PageEvidence } from './types';

/**
 * SCAN-1 / SCAN-3 / SCAN-4: one page in one consent state, in a page whose context was made for
 * that state (consentStates.ts). The evidence observer is attached before the navigation, so the
 * document's own request and every third-party request is seen; the page settles on network
 * quiet with a cap rather than a fixed wait: a page that is done at once costs no idle time, a
 * page that keeps polling costs the cap.
 */

export interface VisitOptions {
  pageTimeoutMs: number;
  /** No request in flight for this long: the page has settled. */
  quietMs: number;
  /** The longest wait for quiet after `load`. */
  settleCapMs: number;
}

/**
 * A page visited before consent is then accepted on the page, as a visitor decides on it: the
 * banner's "accept all" button (its API where the button does not show), and the page's evidence
 * read again once it settled, as the page's "after accept all".
 */
export interface AcceptOnPage {
  consentSolutionId: number;
  /** How the crawl reached "accept" on the start page: the state's outcome. */
  outcome: StateOutcome;
}

export interface Visited {
  evidence: PageEvidence;
  /** The page's evidence after "accept all" on it; null when not asked, or when the banner did not store the consent. */
  accepted: PageEvidence | null;
}

/** The page's window as our banner leaves it (bannerUi.ts). */
type BannerWindow = Window & { consentBanner?: { accept: () => void } };

/**
 * Runs in the page: our banner's "accept all" button if it shows, else its API; resolves how,
 * once the banner's consent cookie is there (null: no banner of ours, or no consent stored).
 */
const acceptHere = async ({ id, timeoutMs }: { id: number; timeoutMs: number }): Promise<'own-banner' | 'own-banner-api' | null> => {
  const stored = (): boolean => document.cookie.split('; ').some((c) => c.startsWith(`cm_consent_${id}=`));
  const button = document.querySelector('#cm-banner [data-consent-action="accept"]');
  let how: 'own-banner' | 'own-banner-api' | null = null;
  if (button instanceof HTMLElement && button.getClientRects().length > 0 && getComputedStyle(button).visibility !== 'hidden') {
    button.click();
    how = 'own-banner';
  } else {
    const banner = (window as BannerWindow).consentBanner;
    if (banner === undefined) return null;
    banner.accept();
    how = 'own-banner-api';
  }
  const deadline = Date.now() + timeoutMs;
  while (!stored()) {
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return how;
};

/**
 * The seam: what is done on one page in one state. Navigation errors propagate (the crawl
 * classifies them); a page that answers is evidence whatever its status. `site` is the domain
 * scanned, against which first and third party are decided. With `accept`, a page that answered
 * is then accepted on the page (its evidence "after accept all" in `accepted`): one load for
 * both states, where a load with the consent replayed would cost as much again.
 */
export const visit = async (page: Page, url: string, outcome: StateOutcome, site: string, options: VisitOptions, accept?: AcceptOnPage): Promise<Visited> => {
  const observer = observePage(page, { site, outcome });
  const ownCookieOut = (evidence: EvidencePage): EvidencePage => ({
    ...evidence,
    finalUrl: normaliseUrl(evidence.finalUrl) ?? url,
    cookies: evidence.cookies.filter((c) => !OWN_CONSENT_COOKIE.test(c.name)),
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: options.pageTimeoutMs });
    const status = response?.status() ?? null;
    await observer.settle({ quietMs: options.quietMs, capMs: options.settleCapMs });
    const collected = await observer.collectWithLinks({ url, status });
    const evidence = { ...ownCookieOut(collected.evidence), links: collected.links };
    if (!accept || (status !== null && status >= 400)) return { evidence, accepted: null };
    // The page's consent record never reaches the API: the pool's pages mute them (muteConsentRecords).
    const how = await evaluateJson(page, acceptHere, { id: accept.consentSolutionId, timeoutMs: options.settleCapMs }).catch(() => null);
    if (how === null) return { evidence, accepted: null };
    await observer.settle({ quietMs: options.quietMs, capMs: options.settleCapMs });
    const after = await observer.collect({ url, status }, { ...accept.outcome, reachedBy: how });
    return { evidence, accepted: { ...ownCookieOut(after), links: [] } };
  } finally {
    observer.dispose();
  }
};
