import type { Cookie, Page, Request } from 'playwright-core';
import { classifyHost, isThirdParty, registrableDomain } from '../classification/thirdParties';
import { evaluateJson } from './pageScript';
import type { EvidenceCookie, PageEvidence, StateOutcome, ThirdPartyHost } from './types';

/**
 * SCAN-4: the evidence of one page in one consent state. Requests are observed from before the
 * navigation starts (the observer is attached first), so the document's own request and
 * everything the parser fetches is seen; at the end one `context.cookies()` and one `evaluateJson` (pageScript.ts)
 * read the rest, so a page costs little beyond its own load.
 */

export interface ObserveOptions {
  /** The site's domain (the domain scanned); first and third party are decided against it. */
  site: string;
  /** The state the page's context is in, and how it got there. */
  outcome: StateOutcome;
  now?: () => Date;
}

export interface SettleOptions {
  /** How long the network must be quiet (no request in flight). Default 100 ms. */
  quietMs?: number;
  /** The longest wait, whatever the network does (a page that polls never goes quiet). Default 3 s. */
  capMs?: number;
}

export interface PageObserver {
  /** Resolves once no request has been in flight for `quietMs`, or after `capMs`. */
  settle: (options?: SettleOptions) => Promise<void>;
  /**
   * Reads cookies and storage now and returns the page's evidence: in the state observed, or in
   * `outcome`'s when the page was moved into another state since (an "accept all" on the page).
   */
  collect: (visit: { url: string; status: number | null }, outcome?: StateOutcome) => Promise<PageEvidence>;
  /** `collect`, and the page's links (`a[href]`, resolved) read in the same call into the page. */
  collectWithLinks: (visit: { url: string; status: number | null }) => Promise<{ evidence: PageEvidence; links: string[] }>;
  /** Stops observing (the page may be reused for the next URL). */
  dispose: () => void;
}

const DAY_MS = 86_400_000;

interface Traffic {
  host: string;
  requests: number;
  firstUrl: string;
  resourceTypes: Set<string>;
}

const withoutQuery = (url: URL): string => `${url.protocol}//${url.host}${url.pathname}`;

/** Code-point order: the same evidence reads the same on every machine, whatever its locale. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const evidenceCookie = (cookie: Cookie, site: string, now: Date): EvidenceCookie => {
  const session = cookie.expires < 0;
  return {
    name: cookie.name,
    domain: cookie.domain,
    path: cookie.path,
    party: isThirdParty(cookie.domain, site) ? 'third' : 'first',
    expires: session ? null : new Date(cookie.expires * 1000).toISOString(),
    expiryDays: session ? null : Math.max(0, Math.round((cookie.expires * 1000 - now.getTime()) / DAY_MS)),
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    sameSite: cookie.sameSite,
  };
};

/**
 * Runs in the page: the top frame's storage, and its links when asked (one call into the page
 * rather than two). A sandboxed or opaque origin refuses access, which reads as nothing stored.
 */
const readStorage = async (withLinks: boolean): Promise<{ local: string[]; session: string[]; indexedDb: string[]; links: string[] }> => {
  const keysOf = (storage: () => Storage): string[] => {
    try {
      return Object.keys(storage());
    } catch {
      return [];
    }
  };
  let indexedDb: string[] = [];
  try {
    indexedDb = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name !== '');
  } catch {
    indexedDb = [];
  }
  const links = withLinks ? Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href) : [];
  return { local: keysOf(() => localStorage), session: keysOf(() => sessionStorage), indexedDb, links };
};

interface RequestTap {
  request: (request: Request) => void;
  done: () => void;
}

/** Per page, who observes its requests now. */
const requestTaps = new WeakMap<Page, Set<RequestTap>>();

/**
 * Listens to the page's requests for as long as the page lives and hands each to the observers of
 * the moment: Playwright subscribes to a page's request events at its first listener and
 * unsubscribes at its last, a call to its server each, which cost a kept page six calls a visit.
 * Answers how to stop observing.
 */
const tapRequests = (page: Page, tap: RequestTap): (() => void) => {
  let taps = requestTaps.get(page);
  if (!taps) {
    const current = new Set<RequestTap>();
    taps = current;
    requestTaps.set(page, current);
    page.on('request', (request) => current.forEach((t) => t.request(request)));
    page.on('requestfinished', () => current.forEach((t) => t.done()));
    page.on('requestfailed', () => current.forEach((t) => t.done()));
  }
  const observers = taps;
  observers.add(tap);
  return () => {
    observers.delete(tap);
  };
};

export const observePage = (page: Page, options: ObserveOptions): PageObserver => {
  const now = options.now ?? (() => new Date());
  const site = registrableDomain(options.site);
  const traffic = new Map<string, Traffic>();
  let inFlight = 0;
  let lastActivity = Date.now();

  const onRequest = (request: Request): void => {
    inFlight += 1;
    lastActivity = Date.now();
    let url: URL;
    try {
      url = new URL(request.url());
    } catch {
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isThirdParty(url.hostname, site)) return;
    const seen = traffic.get(url.hostname);
    if (seen) {
      seen.requests += 1;
      seen.resourceTypes.add(request.resourceType());
    } else traffic.set(url.hostname, { host: url.hostname, requests: 1, firstUrl: withoutQuery(url), resourceTypes: new Set([request.resourceType()]) });
  };
  const onDone = (): void => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  const dispose = tapRequests(page, { request: onRequest, done: onDone });

  const settle = async ({ quietMs = 100, capMs = 3_000 }: SettleOptions = {}): Promise<void> => {
    const deadline = Date.now() + capMs;
    while (Date.now() < deadline) {
      const quietFor = Date.now() - lastActivity;
      if (inFlight === 0 && quietFor >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(quietMs - quietFor, 10), deadline - Date.now())));
    }
  };

  const read = async (visit: { url: string; status: number | null }, outcome: StateOutcome, withLinks: boolean) => {
    const [cookies, storage] = await Promise.all([page.context().cookies(), evaluateJson(page, readStorage, withLinks)]);
    const at = now();
    const thirdParties: ThirdPartyHost[] = [...traffic.values()]
      .map((t) => {
        const { company, category } = classifyHost(t.host);
        return {
          host: t.host,
          domain: registrableDomain(t.host),
          company,
          category,
          requests: t.requests,
          firstUrl: t.firstUrl,
          resourceTypes: [...t.resourceTypes].sort(),
        };
      })
      .sort((a, b) => byText(a.host, b.host));
    const evidence: PageEvidence = {
      url: visit.url,
      finalUrl: page.url(),
      status: visit.status,
      state: outcome.state,
      reachedBy: outcome.reachedBy,
      reachedDetail: outcome.detail,
      site,
      collectedAt: at.toISOString(),
      cookies: cookies.map((cookie) => evidenceCookie(cookie, site, at)).sort((a, b) => byText(a.name, b.name) || byText(a.domain, b.domain)),
      localStorage: storage.local.sort(byText),
      sessionStorage: storage.session.sort(byText),
      indexedDb: [...new Set(storage.indexedDb)].sort(byText),
      thirdParties,
    };
    return { evidence, links: storage.links };
  };
  const collect = async (visit: { url: string; status: number | null }, outcome = options.outcome): Promise<PageEvidence> =>
    (await read(visit, outcome, false)).evidence;
  const collectWithLinks = (visit: { url: string; status: number | null }) => read(visit, options.outcome, true);

  return { settle, collect, collectWithLinks, dispose };
};

export interface VisitOptions extends ObserveOptions {
  /** The navigation's limit. Default 15 s. */
  timeoutMs?: number;
  settle?: SettleOptions;
}

/**
 * Visits `url` in `page` (whose context is already in `outcome.state`) and returns its evidence.
 * A navigation that fails throws Playwright's error: the crawl decides what a failed page means.
 */
export const visitPage = async (page: Page, url: string, options: VisitOptions): Promise<PageEvidence> => {
  const observer = observePage(page, options);
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: options.timeoutMs ?? 15_000 });
    await observer.settle(options.settle);
    return await observer.collect({ url, status: response?.status() ?? null });
  } finally {
    observer.dispose();
  }
};
