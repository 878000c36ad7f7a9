import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import type { ReachedBy } from './evidence/types';
import type { ConsentState } from './types';
import { EVALUATE_HELPERS } from './evidence/evaluateHelpers';

/**
 * SCAN-4: a fresh browser context per page visit, already in its consent state, so a page's
 * evidence is what a visitor in that state meets there and nothing carried over from another
 * page. "After accept" and "after reject" replay the consent the banner stored when the scanner
 * clicked its button once on the start page (or, without a banner, the consent cookie it would
 * store); "with GPC" sends the signal in the header and the DOM, as a browser with it on does.
 */

export interface ConsentSetup {
  consentSolutionId: number;
  consentVersion: number;
  /** The cookies the banner stored for each state, once driven there on the start page. */
  stored: Partial<Record<ConsentState, Cookie[]>>;
}

const ALL = ['necessary', 'functional', 'statistics', 'marketing', 'unclassified'];
export const ACCEPT_SELECTOR = '[data-consent-action="accept"]';
export const REJECT_SELECTOR = '[data-consent-action="reject"], [data-consent-action="decline"]';
export const BANNER_SELECTOR = '#cm-banner';
const OWN_CONSENT_COOKIE = /^cm_consent_\d+$/;

export interface ContextSettings {
  /** The guard proxy every request goes through (SCAN-6). */
  proxyServer: string;
}

/** The scanner's decisions are no visitor's: the banner's consent records never reach the API (BEYOND-3 stats). */
const muteConsentRecords = async (context: BrowserContext): Promise<void> => {
  await context.route('**/consent/*/records', (route) => route.fulfill({ status: 204 }));
};

export const newStateContext = async (browser: Browser, state: ConsentState, settings: ContextSettings, setup?: ConsentSetup): Promise<BrowserContext> => {
  const context = await browser.newContext({
    proxy: { server: settings.proxyServer },
    serviceWorkers: 'block',
    ...(state === 'gpc' ? { extraHTTPHeaders: { 'Sec-GPC': '1' } } : {}),
  });
  await context.addInitScript(EVALUATE_HELPERS);
  if (state === 'gpc') {
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
    // The banner answers the signal with a record of its own.
    await muteConsentRecords(context);
  }
  const stored = setup?.stored[state];
  if (stored && stored.length > 0) await context.addCookies(stored);
  return context;
};

/** The consent cookie the banner stores for a choice, when there is no banner to click. */
const syntheticConsent = (setup: Pick<ConsentSetup, 'consentSolutionId' | 'consentVersion'>, state: 'accept' | 'reject', url: string, now: Date) => ({
  name: `cm_consent_${setup.consentSolutionId}`,
  value: encodeURIComponent(JSON.stringify({ v: setup.consentVersion, categories: state === 'accept' ? ALL : ['necessary'], at: now.toISOString() })),
  url,
});

/**
 * Drives the start page into `state` once: clicks the banner's button when it shows one, else
 * stores the consent cookie the banner would. Answers the consent cookies to replay, and how the
 * state was reached (SCAN-4 evidence).
 */
export const driveConsent = async (
  browser: Browser,
  state: 'accept' | 'reject',
  startUrl: string,
  settings: ContextSettings & { pageTimeoutMs: number; now: Date; pace: () => Promise<void> },
  setup: Pick<ConsentSetup, 'consentSolutionId' | 'consentVersion'>,
): Promise<{ cookies: Cookie[]; reachedBy: ReachedBy }> => {
  const context = await newStateContext(browser, 'before', settings);
  try {
    await muteConsentRecords(context);
    const page = await context.newPage();
    let clicked = false;
    try {
      await settings.pace();
      await page.goto(startUrl, { waitUntil: 'load', timeout: settings.pageTimeoutMs });
      const button = page.locator(state === 'accept' ? ACCEPT_SELECTOR : REJECT_SELECTOR).first();
      const present = (await page.locator(`${BANNER_SELECTOR}, ${ACCEPT_SELECTOR}`).count()) > 0;
      await button.waitFor({ state: 'visible', timeout: present ? Math.min(3_000, settings.pageTimeoutMs) : 1 });
      await button.click({ timeout: settings.pageTimeoutMs });
      await page.waitForFunction((id) => document.cookie.includes(`cm_consent_${id}=`), setup.consentSolutionId, { timeout: 2_000 });
      clicked = true;
    } catch {
      clicked = false;
    }
    if (!clicked) await context.addCookies([syntheticConsent(setup, state, startUrl, settings.now)]);
    return { cookies: (await context.cookies()).filter((c) => OWN_CONSENT_COOKIE.test(c.name)), reachedBy: clicked ? 'own-banner' : 'consent-cookie' };
  } finally {
    await context.close().catch(() => undefined);
  }
};
