import type { Browser, BrowserContext, CDPSession, Cookie, Page } from 'playwright-core';
import type { ReachedBy } from './evidence/types';
import type { ConsentState } from './types';
import { EVALUATE_HELPERS } from './evidence/evaluateHelpers';
import { viaOwnBanner, WATCH_OWN_BANNER } from './evidence/consentStates';

/**
 * SCAN-4: a browser context per consent state (kept by the page pool, emptied before each visit),
 * so a page's evidence is what a visitor in that state meets there and nothing carried over from
 * another page. "After accept" and "after reject" replay the consent our banner stored when the
 * scanner decided once on the start page, in a page of that state's own context; "with GPC" sends
 * the signal in the header and the DOM, as a browser with it on does.
 */

export interface ConsentSetup {
  consentSolutionId: number;
  consentVersion: number;
  /** The cookies the banner stored for each state, once driven there on the start page. */
  stored: Partial<Record<ConsentState, Cookie[]>>;
}

export const BANNER_SELECTOR = '#cm-banner';
/** Our banner's consent cookie: what a state is, not a finding. */
export const OWN_CONSENT_COOKIE = /^cm_consent_\d+$/;

export interface ContextSettings {
  /** The guard proxy every request goes through (SCAN-6). */
  proxyServer: string;
}

/** The banner's consent records (banner/src/records.ts), as a DevTools URL pattern. */
const CONSENT_RECORDS = '*/consent/*/records';

/**
 * The scanner's decisions are no visitor's: the banner's consent records never reach the API
 * (BEYOND-3 stats), in any state, from the page's first request. Asked of the page's own DevTools
 * session with a pattern that pauses those requests alone: Playwright's `route` pauses every
 * request of the page and matches it in Node, which cost about a tenth of a page load's CPU when it
 * was set for each "accept all" on a page (docs/performance.md).
 */
export const muteConsentRecords = async (cdp: CDPSession): Promise<void> => {
  cdp.on('Fetch.requestPaused', ({ requestId }) => {
    cdp
      .send('Fetch.fulfillRequest', { requestId, responseCode: 204, responseHeaders: [{ name: 'Access-Control-Allow-Origin', value: '*' }] })
      .catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: CONSENT_RECORDS, requestStage: 'Request' }] });
};

export const newStateContext = async (browser: Browser, state: ConsentState, settings: ContextSettings, setup?: ConsentSetup): Promise<BrowserContext> => {
  const context = await browser.newContext({
    proxy: { server: settings.proxyServer },
    serviceWorkers: 'block',
    ...(state === 'gpc' ? { extraHTTPHeaders: { 'Sec-GPC': '1' } } : {}),
  });
  await context.addInitScript(EVALUATE_HELPERS);
  // Where the scanner decides for "accept" and "reject", the banner's readiness is watched from its first script.
  if (state === 'accept' || state === 'reject') await context.addInitScript(WATCH_OWN_BANNER);
  if (state === 'gpc')
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
  const stored = setup?.stored[state];
  if (stored && stored.length > 0) await context.addCookies(stored);
  return context;
};

/**
 * Drives the start page into `state` once, with our banner: its button, else its API
 * (`window.consentBanner`), as a visitor's choice would. `page` is an empty page of the state's
 * own context (the pool's: a new renderer costs more than the visit, and its consent records are
 * muted from its first request), holding no consent yet. Answers the consent cookies to replay and how the state was reached. When the page shows no
 * banner of ours (none at all, or a foreign consent manager), or our banner stores no consent,
 * the state is `unreached` with nothing to replay: its pages are not visited, and the compliance
 * findings say so (`state_unreached`) rather than report them as the state.
 */
export const driveConsent = async (
  page: Page,
  state: 'accept' | 'reject',
  startUrl: string,
  settings: { pageTimeoutMs: number },
  setup: Pick<ConsentSetup, 'consentSolutionId'>,
): Promise<{ cookies: Cookie[]; reachedBy: ReachedBy; detail: string | null }> => {
  let reachedBy: ReachedBy = 'unreached';
  let detail: string | null = null;
  // A load or a click that failed (a busy machine, a slow site) is tried once more; a page without our banner is not.
  for (let attempt = 0; attempt < 2 && reachedBy === 'unreached'; attempt += 1) {
    try {
      await page.goto(startUrl, { waitUntil: 'load', timeout: settings.pageTimeoutMs });
      const driven = await viaOwnBanner(page, state, settings.pageTimeoutMs);
      if (!driven) {
        detail = 'no banner of ours answered on the start page';
        break;
      }
      await page.waitForFunction((id) => document.cookie.includes(`cm_consent_${id}=`), setup.consentSolutionId, { timeout: settings.pageTimeoutMs });
      reachedBy = driven;
      detail = null;
    } catch (error) {
      detail = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? null;
    }
  }
  const cookies = reachedBy === 'unreached' ? [] : (await page.context().cookies()).filter((c) => OWN_CONSENT_COOKIE.test(c.name));
  return { cookies, reachedBy, detail };
};
