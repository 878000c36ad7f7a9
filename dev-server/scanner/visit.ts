import type { Page, Request } from 'playwright-core';
import { normaliseUrl } from './urls';
import type { ConsentState, ObservedCookie, PageEvidence } from './types';

/**
 * SCAN-1 / SCAN-3: one page in one consent state, in a page whose context was made for that
 * state (consentStates.ts). Settles on network quiet with a cap rather than a fixed wait: a
 * page that is done at once costs no idle time, a page that keeps polling costs the cap.
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

/** Resolves once no request has been in flight for `quietMs`, or after `capMs`; `stop` removes the listeners (pages are reused). */
export const trackQuiet = (page: Page): { wait: (quietMs: number, capMs: number) => Promise<void>; stop: () => void } => {
  let inFlight = 0;
  let lastChange = Date.now();
  const up = (): void => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const down = (_request: Request): void => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  return {
    wait: (quietMs, capMs) =>
      new Promise<void>((resolve) => {
        const deadline = Date.now() + capMs;
        const check = (): void => {
          const now = Date.now();
          if (now >= deadline || (inFlight === 0 && now - lastChange >= quietMs)) resolve();
          else setTimeout(check, Math.min(quietMs, 25));
        };
        check();
      }),
    stop: () => {
      page.off('request', up);
      page.off('requestfinished', down);
      page.off('requestfailed', down);
    },
  };
};

const observed = (cookie: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>[number]): ObservedCookie => ({
  name: cookie.name,
  domain: cookie.domain.toLowerCase(),
  path: cookie.path,
  expires: cookie.expires,
  secure: cookie.secure,
  httpOnly: cookie.httpOnly,
  sameSite: cookie.sameSite,
});

/**
 * The seam: what is done on one page in one state. Navigation errors propagate (the crawl
 * classifies them); a page that answers is evidence whatever its status.
 */
export const visit = async (page: Page, url: string, state: ConsentState, options: VisitOptions): Promise<PageEvidence> => {
  const quiet = trackQuiet(page);
  let response;
  let cookies;
  let links: string[];
  try {
    response = await page.goto(url, { waitUntil: 'load', timeout: options.pageTimeoutMs });
    await quiet.wait(options.quietMs, options.settleCapMs);
    [cookies, links] = await Promise.all([
      page.context().cookies(),
      page.evaluate(() => Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href)).catch(() => [] as string[]),
    ]);
  } finally {
    quiet.stop();
  }
  return {
    url,
    finalUrl: normaliseUrl(page.url()) ?? url,
    state,
    status: response?.status() ?? null,
    cookies: cookies.filter((c) => !OWN_CONSENT_COOKIE.test(c.name)).map(observed),
    links,
  };
};
