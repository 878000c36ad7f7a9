import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page } from 'playwright-core';
import type { ConsentApi, StoredConsent } from '../../../banner/src/config';
import { COOKIE_CATEGORIES } from '../../../src/schemas/cookie';
import { consentButtonPattern } from './consentButtons';
import type { ConsentState, ReachedBy, StateOutcome } from './types';
import { EVALUATE_HELPERS } from './evaluateHelpers';

/**
 * SCAN-4: a fresh browser context in each consent state. "before" is a new context. "gpc" sends
 * `Sec-GPC: 1` with every request and has `navigator.globalPrivacyControl` true before the page's
 * first script. "reject" and "accept" decide on a setup page of the site: our banner's button
 * (`data-consent-action` "decline" / "accept", banner/src/bannerUi.ts), else its API
 * (`window.consentBanner`), else a foreign consent manager's button found by accessible name in
 * the page's language, else our consent cookie written directly (when the solution is known).
 * The state's context then starts with only what the decision stored (cookies and localStorage
 * it added or changed), so what the setup page set before the decision is not counted as set
 * after it. The setup page's consent records are answered on the spot: a scan is no visitor.
 */

export interface OwnBanner {
  consentSolutionId: number;
  consentVersion: number;
}

export interface StateContextOptions {
  /** A page of the site where the decision is made (its start page). */
  startUrl: string;
  /** The solution whose consent cookie is written when no consent manager answers. */
  ownBanner?: OwnBanner;
  /** Options of every context opened (a test's `ignoreHTTPSErrors`, a user agent…). */
  contextOptions?: BrowserContextOptions;
  /** The setup page's navigation limit. Default 15 s. */
  navigationTimeoutMs?: number;
  /** How long a consent manager may take to show its button. Default 3 s. */
  buttonTimeoutMs?: number;
  now?: () => Date;
}

export interface StateContext {
  context: BrowserContext;
  outcome: StateOutcome;
}

type Decision = 'reject' | 'accept';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const CONSENT_RECORDS = '**/consent/*/records';
const OWN_CONSENT_COOKIE = /^cm_consent_\d+$/;
const OWN_ACTION: Record<Decision, string> = { reject: 'decline', accept: 'accept' };
const YEAR_SECONDS = 31_536_000;

/** The page's window as our banner leaves it (bannerUi.ts declares it there, for the banner's build only). */
type BannerWindow = Window & { consentBanner?: ConsentApi };

/** Runs in the page before any of its scripts. */
const announceGpc = (): void => {
  Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true, enumerable: true });
};

const newContext = async (browser: Browser, state: ConsentState, options: BrowserContextOptions): Promise<BrowserContext> => {
  const gpc = state === 'gpc';
  const context = await browser.newContext(gpc ? { ...options, extraHTTPHeaders: { ...options.extraHTTPHeaders, 'Sec-GPC': '1' } } : options);
  await context.addInitScript(EVALUATE_HELPERS);
  await context.addInitScript(WATCH_OWN_BANNER);
  if (gpc) await context.addInitScript(announceGpc);
  return context;
};

const settle = (page: Page, capMs: number): Promise<void> => page.waitForLoadState('networkidle', { timeout: capMs }).catch(() => undefined);

/** Whether the page runs our banner: its root, its API, or its script (the tag or the async snippet naming it). */
const hasOwnBanner = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const script = /\/cdn\/\d+\/banner(-full)?\.js/;
    return (
      document.getElementById('cm-banner') !== null ||
      'consentBanner' in window ||
      Array.from(document.scripts).some((s) => script.test(s.getAttribute('src') ?? '') || (!s.src && script.test(s.text)))
    );
  });

/**
 * Run in every page before its scripts: our banner says `consent:ready` once it has decided what
 * to show (banner/src/bannerUi.ts), which tells a banner still loading from one that shows no
 * button for the decision (an opt-out region's notice).
 */
export const WATCH_OWN_BANNER = "addEventListener('consent:ready', () => { globalThis.__cmReady = true; });";

/**
 * Our banner's button for the decision, else its API; null when the page runs no banner of ours or
 * neither answers. The wait ends as soon as the button shows or the banner is ready without it, so
 * a generous `timeoutMs` costs nothing on a page that answers and keeps a slow machine from
 * reporting the state unreached.
 */
export const viaOwnBanner = async (page: Page, decision: Decision, timeoutMs: number): Promise<'own-banner' | 'own-banner-api' | null> => {
  if (!(await hasOwnBanner(page))) return null;
  const action = OWN_ACTION[decision];
  const shown = await page
    .waitForFunction(
      (selector) => {
        const button = document.querySelector(selector);
        if (button instanceof HTMLElement && button.getClientRects().length > 0 && getComputedStyle(button).visibility !== 'hidden') return 'button';
        return (globalThis as { __cmReady?: boolean }).__cmReady === true ? 'ready' : false;
      },
      `#cm-banner [data-consent-action="${action}"]`,
      { timeout: timeoutMs },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => 'neither');
  if (shown === 'button') {
    try {
      await page.locator(`#cm-banner [data-consent-action="${action}"]`).first().click({ timeout: timeoutMs });
      return 'own-banner';
    } catch {
      // Covered or gone meanwhile: its API decides the same.
    }
  }
  // The API is there before the banner is ready (bannerUi.ts): one look is enough.
  const decided = await page
    .evaluate((choice) => {
      const banner = (window as BannerWindow).consentBanner;
      if (banner === undefined) return false;
      if (choice === 'accept') banner.accept();
      else banner.decline();
      return true;
    }, decision)
    .catch(() => false);
  return decided ? 'own-banner-api' : null;
};

/** The first visible button (or link) of any frame whose accessible name is a known one. */
const viaForeignButton = async (page: Page, decision: Decision, timeoutMs: number): Promise<string | null> => {
  const language = await page.evaluate(() => document.documentElement.lang).catch(() => '');
  const name = consentButtonPattern(decision, language);
  const deadline = Date.now() + timeoutMs;
  do {
    for (const frame of page.frames()) {
      for (const role of ['button', 'link'] as const) {
        const candidates = frame.getByRole(role, { name });
        for (let i = 0, n = await candidates.count().catch(() => 0); i < n; i += 1) {
          const candidate = candidates.nth(i);
          if (!(await candidate.isVisible().catch(() => false))) continue;
          const label = ((await candidate.getAttribute('aria-label').catch(() => null)) ?? (await candidate.textContent().catch(() => null)) ?? '').trim();
          try {
            await candidate.click({ timeout: timeoutMs });
            return label;
          } catch {
            // Covered or detached meanwhile: try the next one.
          }
        }
      }
    }
    await page.waitForTimeout(100);
  } while (Date.now() < deadline);
  return null;
};

/** The cookie our banner writes for this decision (banner/src/consentCookie.ts). */
const ownConsentCookie = (own: OwnBanner, decision: Decision, url: string, now: Date) => {
  const value: StoredConsent = {
    v: own.consentVersion,
    categories: decision === 'accept' ? [...COOKIE_CATEGORIES] : ['necessary'],
    at: now.toISOString(),
    aid: randomUUID(),
  };
  return {
    name: `cm_consent_${own.consentSolutionId}`,
    value: encodeURIComponent(JSON.stringify(value)),
    url,
    expires: Math.floor(now.getTime() / 1000) + YEAR_SECONDS,
    sameSite: 'Lax' as const,
  };
};

const cookieKey = (c: Pick<Cookie, 'name' | 'domain' | 'path'>): string => `${c.name}\u0000${c.domain}\u0000${c.path}`;

/** What the decision stored: cookies and localStorage items added or changed between the two states. */
const storedBy = (before: StorageState, after: StorageState): StorageState => {
  const earlier = new Map(before.cookies.map((c) => [cookieKey(c), c]));
  const cookies = after.cookies.filter((c) => {
    const old = earlier.get(cookieKey(c));
    return old === undefined || old.value !== c.value || Math.abs(old.expires - c.expires) > 1;
  });
  const origins = after.origins
    .map((origin) => {
      const items = new Map((before.origins.find((o) => o.origin === origin.origin)?.localStorage ?? []).map((i) => [i.name, i.value]));
      return { origin: origin.origin, localStorage: origin.localStorage.filter((i) => items.get(i.name) !== i.value) };
    })
    .filter((origin) => origin.localStorage.length > 0);
  return { cookies, origins };
};

const decide = async (
  page: Page,
  decision: Decision,
  options: StateContextOptions,
  timeoutMs: number,
): Promise<{ reachedBy: ReachedBy; detail: string | null }> => {
  const own = await viaOwnBanner(page, decision, timeoutMs);
  if (own) return { reachedBy: own, detail: null };
  const label = await viaForeignButton(page, decision, timeoutMs);
  if (label !== null) return { reachedBy: 'foreign-cmp', detail: label };
  if (options.ownBanner) {
    await page.context().addCookies([ownConsentCookie(options.ownBanner, decision, page.url(), (options.now ?? (() => new Date()))())]);
    return { reachedBy: 'consent-cookie', detail: null };
  }
  return { reachedBy: 'unreached', detail: null };
};

/**
 * A new context in `state`, and how the state was reached. The caller closes the context. A
 * setup page that cannot be loaded throws Playwright's error.
 */
export const openStateContext = async (browser: Browser, state: ConsentState, options: StateContextOptions): Promise<StateContext> => {
  const base = options.contextOptions ?? {};
  if (state === 'before') return { context: await newContext(browser, state, base), outcome: { state, reachedBy: 'nothing', detail: null } };
  const timeoutMs = options.buttonTimeoutMs ?? 3_000;
  const setup = await newContext(browser, state, base);
  let kept: StorageState = { cookies: [], origins: [] };
  let reached: { reachedBy: ReachedBy; detail: string | null };
  try {
    const page = await setup.newPage();
    await page.route(CONSENT_RECORDS, (route) => route.fulfill({ status: 204 }));
    await page.goto(options.startUrl, { waitUntil: 'load', timeout: options.navigationTimeoutMs ?? 15_000 });
    if (state === 'gpc') {
      // The signal is the state; what our banner decided under it (an opt-out region) is kept so later pages do not decide again.
      await settle(page, timeoutMs);
      kept = { cookies: (await setup.storageState()).cookies.filter((c) => OWN_CONSENT_COOKIE.test(c.name)), origins: [] };
      reached = { reachedBy: 'gpc-signal', detail: null };
    } else {
      const before = await setup.storageState();
      reached = await decide(page, state, options, timeoutMs);
      if (reached.reachedBy !== 'unreached') {
        await settle(page, timeoutMs);
        kept = storedBy(before, await setup.storageState());
      }
    }
  } finally {
    await setup.close();
  }
  return { context: await newContext(browser, state, { ...base, storageState: kept }), outcome: { state, ...reached } };
};
