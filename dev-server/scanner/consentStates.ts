import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import type { ReachedBy } from './evidence/types';
import type { ConsentState } from './types';
import { EVALUATE_HELPERS } from './evidence/evaluateHelpers';
import { viaOwnBanner, WATCH_OWN_BANNER } from './evidence/consentStates';

/**
 * SCAN-4: a fresh browser context per page visit, already in its consent state, so a page's
 * evidence is what a visitor in that state meets there and nothing carried over from another
 * page. "After accept" and "after reject" replay the consent our banner stored when the scanner
 * decided once on the start page; "with GPC" sends the signal in the header and the DOM, as a
 * browser with it on does.
 */

export interface ConsentSetup {
  consentSolutionId: number;
  consentVersion: number;
  /** The cookies the banner stored for each state, once driven there on the start page. */
  stored: Partial<Record<ConsentState, Cookie[]>>;
}

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

/**
 * Drives the start page into `state` once, with our banner: its button, else its API
 * (`window.consentBanner`), as a visitor's choice would. Answers the consent cookies to replay and
 * how the state was reached. When the page shows no banner of ours (none at all, or a foreign
 * consent manager), or our banner stores no consent, the state is `unreached` with nothing to
 * replay: its pages are then a visitor's who decided nothing, and the compliance findings say so
 * (`state_unreached`) rather than report them as the state.
 */
export const driveConsent = async (
  browser: Browser,
  state: 'accept' | 'reject',
  startUrl: string,
  settings: ContextSettings & { pageTimeoutMs: number },
  setup: Pick<ConsentSetup, 'consentSolutionId'>,
): Promise<{ cookies: Cookie[]; reachedBy: ReachedBy }> => {
  const context = await newStateContext(browser, 'before', settings);
  try {
    await muteConsentRecords(context);
    await context.addInitScript(WATCH_OWN_BANNER);
    const page = await context.newPage();
    let reachedBy: ReachedBy = 'unreached';
    try {
      await page.goto(startUrl, { waitUntil: 'load', timeout: settings.pageTimeoutMs });
      const driven = await viaOwnBanner(page, state, settings.pageTimeoutMs);
      if (driven) {
        await page.waitForFunction((id) => document.cookie.includes(`cm_consent_${id}=`), setup.consentSolutionId, { timeout: settings.pageTimeoutMs });
        reachedBy = driven;
      }
    } catch {
      reachedBy = 'unreached';
    }
    const cookies = reachedBy === 'unreached' ? [] : (await context.cookies()).filter((c) => OWN_CONSENT_COOKIE.test(c.name));
    return { cookies, reachedBy };
  } finally {
    await context.close().catch(() => undefined);
  }
};
