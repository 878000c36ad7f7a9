import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium';
import { bannerLoadedFirst, bannerScriptOf, snippetKind } from './installationOrder';
import type { ScanFailure, ScannedCookie } from './types';

/**
 * BEYOND-4 / BEYOND-8: one crawl of one site with a headless Chromium. Phase one visits up to
 * `maxPages` pages breadth-first (same-site links only) without consent and records the cookies
 * set meanwhile; phase two accepts consent (the banner's `data-consent-action="accept"` button,
 * else the banner's consent cookie) and revisits the same pages. Every cookie the browser holds
 * is recorded, except the consent manager's own `cm_consent_<id>`.
 */

export interface CrawlOptions {
  executablePath: string;
  /** The first page, e.g. `https://example.com/`. */
  startUrl: string;
  canonicalDomain: string;
  consentSolutionId: number;
  consentVersion: number;
  /** Extra Chromium flags (e.g. `--host-resolver-rules=…` in tests). */
  extraArgs: string[];
  maxPages: number;
  pageTimeoutMs: number;
  /** The whole crawl, browser start included. */
  timeLimitMs: number;
  /** How long scripts may run after `load` before cookies are read. */
  settleMs: number;
  /** `health`: only the first page, without consent, plus the installation checks. */
  mode: 'scan' | 'health';
  now: () => Date;
  onProgress?: (visited: number, planned: number) => void;
  /** Aborts the crawl (server shutting down). */
  signal?: AbortSignal;
}

interface InstallationChecks {
  scriptPresent: boolean;
  loadedFirst: boolean;
  bannerShown: boolean;
  /** PROMISE-5: the Installation tab's snippet, an older one, or none. */
  snippet: 'current' | 'older' | null;
}

interface CrawlResult {
  cookies: ScannedCookie[];
  pagesVisited: number;
  checks: InstallationChecks;
}

export class CrawlError extends Error {
  readonly failure: ScanFailure;
  constructor(failure: ScanFailure, detail: string) {
    super(detail);
    this.failure = failure;
  }
}

const OWN_CONSENT_COOKIE = /^cm_consent_\d+$/;
const BLOCKED_STATUSES = new Set([401, 403, 429, 451]);
const ACCEPT_SELECTOR = '[data-consent-action="accept"]';
const BANNER_SELECTOR = '#cm-banner';

const failureOf = (error: unknown): ScanFailure => {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/Timeout/i.test(text)) return 'timeout';
  if (
    /ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|ADDRESS_UNREACHABLE|CONNECTION_RESET|CONNECTION_CLOSED|EMPTY_RESPONSE|INTERNET_DISCONNECTED|NAME_RESOLUTION_FAILED|CONNECTION_FAILED|SSL|CERT)/.test(
      text,
    )
  )
    return 'unreachable';
  if (/ERR_(BLOCKED|ACCESS_DENIED)/.test(text)) return 'blocked';
  return 'error';
};

const withoutHash = (url: URL): string => {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
};

/** Same site: the canonical domain or one of its subdomains, same scheme and port as the start page. */
const sameSite = (candidate: URL, start: URL, domain: string): boolean =>
  (candidate.protocol === 'http:' || candidate.protocol === 'https:') &&
  candidate.protocol === start.protocol &&
  candidate.port === start.port &&
  (candidate.hostname === domain || candidate.hostname.endsWith(`.${domain}`));

const expiryDaysOf = (expires: number, now: Date): number | null =>
  expires <= 0 ? null : Math.max(0, Math.min(3650, Math.round((expires * 1000 - now.getTime()) / 86_400_000)));

const installationChecks = async (page: Page, consentSolutionId: number, timeoutMs: number): Promise<InstallationChecks> => {
  const scripts = await page.evaluate(() =>
    Array.from(document.scripts).map((script) => ({
      src: script.getAttribute('src') ?? '',
      text: script.getAttribute('src') ? '' : script.text.slice(0, 4000),
    })),
  );
  const isBanner = bannerScriptOf(consentSolutionId);
  const index = scripts.findIndex(isBanner);
  let bannerShown = false;
  try {
    // The banner's core loads its UI after the page's first paint, which may come after the load
    // event: a page with the script (or a root already) is given the time to show it.
    const expected = index >= 0 || (await page.locator(BANNER_SELECTOR).count()) > 0;
    await page
      .locator(BANNER_SELECTOR)
      .first()
      .waitFor({ state: 'visible', timeout: expected ? timeoutMs : 1 });
    bannerShown = true;
  } catch {
    bannerShown = false;
  }
  return { scriptPresent: index >= 0, loadedFirst: bannerLoadedFirst(scripts, isBanner), bannerShown, snippet: snippetKind(scripts, consentSolutionId) };
};

export const crawl = async (options: CrawlOptions): Promise<CrawlResult> => {
  const started = Date.now();
  const start = new URL(options.startUrl);
  const domain = options.canonicalDomain.toLowerCase();
  let browser: Browser | undefined;
  let timedOut = false;
  let aborted = false;
  const stop = (): void => {
    void browser?.close().catch(() => undefined);
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, options.timeLimitMs);
  const onAbort = (): void => {
    aborted = true;
    stop();
  };
  options.signal?.addEventListener('abort', onAbort);

  const seen = new Map<string, ScannedCookie>();
  const record = async (context: BrowserContext, beforeConsent: boolean): Promise<void> => {
    const now = options.now();
    const stamp = now.toISOString();
    for (const cookie of await context.cookies()) {
      if (OWN_CONSENT_COOKIE.test(cookie.name)) continue;
      const cookieDomain = cookie.domain.toLowerCase();
      const key = `${cookie.name}\u0000${cookieDomain}`;
      const known = seen.get(key);
      const expiryDays = expiryDaysOf(cookie.expires, now);
      if (known) {
        known.lastSeen = stamp;
        known.expiryDays = expiryDays;
      } else {
        seen.set(key, { name: cookie.name, domain: cookieDomain, expiryDays, firstSeen: stamp, lastSeen: stamp, setBeforeConsent: beforeConsent });
      }
    }
  };
  const remaining = (): number => Math.max(1, options.timeLimitMs - (Date.now() - started));
  const pageTimeout = (): number => Math.min(options.pageTimeoutMs, remaining());

  try {
    browser = await chromium.launch({
      executablePath: options.executablePath,
      args: [...CHROMIUM_ARGS, ...options.extraArgs],
      timeout: Math.min(30_000, remaining()),
    });
    const context = await browser.newContext({ ignoreHTTPSErrors: false, userAgent: undefined });
    // The scanner accepts consent to see what follows it, but that is no visitor's decision:
    // the banner's consent records are answered here and never reach the API (BEYOND-3 stats).
    await context.route('**/consent/*/records', (route) => route.fulfill({ status: 204 }));
    const page = await context.newPage();
    const limit = options.mode === 'health' ? 1 : Math.max(1, options.maxPages);
    let planned = options.mode === 'health' ? 1 : limit * 2;
    let done = 0;
    options.onProgress?.(done, planned);

    // Phase one: breadth-first, no consent.
    const queue: string[] = [withoutHash(start)];
    const queued = new Set(queue);
    const visited: string[] = [];
    let checks: InstallationChecks = { scriptPresent: false, loadedFirst: false, bannerShown: false, snippet: null };
    while (queue.length > 0 && visited.length < limit) {
      const url = queue.shift() as string;
      const first = visited.length === 0;
      let response;
      try {
        response = await page.goto(url, { waitUntil: 'load', timeout: pageTimeout() });
      } catch (error) {
        if (first) throw error;
        continue;
      }
      const status = response?.status() ?? 200;
      if (first && BLOCKED_STATUSES.has(status)) throw new CrawlError('blocked', `HTTP ${status}`);
      if (first && status >= 400) throw new CrawlError('unreachable', `HTTP ${status}`);
      await page.waitForTimeout(options.settleMs);
      if (first) checks = await installationChecks(page, options.consentSolutionId, Math.min(3_000, pageTimeout()));
      visited.push(url);
      await record(context, true);
      done += 1;
      options.onProgress?.(done, planned);
      if (visited.length >= limit) break;
      const links = await page.evaluate(() => Array.from(document.querySelectorAll('a[href]')).map((a) => (a as HTMLAnchorElement).href));
      for (const href of links) {
        let candidate: URL;
        try {
          candidate = new URL(href, url);
        } catch {
          continue;
        }
        const normalised = withoutHash(candidate);
        if (sameSite(candidate, start, domain) && !queued.has(normalised)) {
          queued.add(normalised);
          queue.push(normalised);
        }
      }
    }

    if (options.mode === 'scan') {
      planned = visited.length * 2;
      options.onProgress?.(done, planned);
      // Phase two: accept consent on the first page, then revisit every page.
      await page.goto(visited[0] as string, { waitUntil: 'load', timeout: pageTimeout() });
      const accept = page.locator(ACCEPT_SELECTOR).first();
      let clicked = false;
      try {
        const present = (await page.locator(`${BANNER_SELECTOR}, ${ACCEPT_SELECTOR}`).count()) > 0;
        await accept.waitFor({ state: 'visible', timeout: present ? Math.min(3_000, pageTimeout()) : 1 });
        await accept.click({ timeout: pageTimeout() });
        clicked = true;
      } catch {
        clicked = false;
      }
      if (!clicked) {
        const value = {
          v: options.consentVersion,
          categories: ['necessary', 'functional', 'statistics', 'marketing', 'unclassified'],
          at: options.now().toISOString(),
        };
        await context.addCookies([
          { name: `cm_consent_${options.consentSolutionId}`, value: encodeURIComponent(JSON.stringify(value)), url: visited[0] as string },
        ]);
      }
      await page.waitForTimeout(options.settleMs);
      await record(context, false);
      for (const url of visited) {
        try {
          await page.goto(url, { waitUntil: 'load', timeout: pageTimeout() });
          await page.waitForTimeout(options.settleMs);
          await record(context, false);
        } catch (error) {
          if (timedOut || aborted) throw error;
        }
        done += 1;
        options.onProgress?.(done, planned);
      }
    }
    return { cookies: [...seen.values()].sort((a, b) => a.name.localeCompare(b.name)), pagesVisited: visited.length, checks };
  } catch (error) {
    if (timedOut) throw new CrawlError('timeout', `time limit of ${options.timeLimitMs} ms reached`);
    if (aborted) throw new CrawlError('error', 'scanner stopped');
    if (error instanceof CrawlError) throw error;
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    throw new CrawlError(failureOf(error), message);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    await browser?.close().catch(() => undefined);
  }
};
