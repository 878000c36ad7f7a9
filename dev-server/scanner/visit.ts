import type { Page } from 'playwright-core';
import { observePage } from './evidence/pageEvidence';
import type { StateOutcome } from './evidence/types';
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

/** The consent manager's own cookie is what the state is, not a finding. */
const OWN_CONSENT_COOKIE = /^cm_consent_\d+$/;

/**
 * The seam: what is done on one page in one state. Navigation errors propagate (the crawl
 * classifies them); a page that answers is evidence whatever its status. `site` is the domain
 * scanned, against which first and third party are decided.
 */
export const visit = async (page: Page, url: string, outcome: StateOutcome, site: string, options: VisitOptions): Promise<PageEvidence> => {
  const observer = observePage(page, { site, outcome });
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: options.pageTimeoutMs });
    await observer.settle({ quietMs: options.quietMs, capMs: options.settleCapMs });
    const evidence = await observer.collect({ url, status: response?.status() ?? null });
    const links = await page.evaluate(() => Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href)).catch(() => [] as string[]);
    return {
      ...evidence,
      finalUrl: normaliseUrl(evidence.finalUrl) ?? url,
      cookies: evidence.cookies.filter((c) => !OWN_CONSENT_COOKIE.test(c.name)),
      links,
    };
  } finally {
    observer.dispose();
  }
};
