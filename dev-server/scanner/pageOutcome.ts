import type { Page } from 'playwright-core';
import type { ScanFailure } from './types';
import { bannerLoadedFirst, bannerScriptOf, snippetKind } from './installationOrder';
import { BANNER_SELECTOR } from './consentStates';

/** BEYOND-4: what a failed page load means for the scan; the start page's decides the scan's. */

export const BLOCKED_STATUSES = new Set([401, 403, 429, 451]);

export const failureOf = (error: unknown): ScanFailure => {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/Timeout/i.test(text)) return 'timeout';
  if (/ERR_TUNNEL_CONNECTION_FAILED/.test(text)) return 'refused';
  if (
    /ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|ADDRESS_UNREACHABLE|CONNECTION_RESET|CONNECTION_CLOSED|EMPTY_RESPONSE|INTERNET_DISCONNECTED|NAME_RESOLUTION_FAILED|CONNECTION_FAILED|PROXY_CONNECTION_FAILED|SSL|CERT)/.test(
      text,
    )
  )
    return 'unreachable';
  if (/ERR_(BLOCKED|ACCESS_DENIED)/.test(text)) return 'blocked';
  return 'error';
};

export const failureOfStatus = (status: number): ScanFailure => (BLOCKED_STATUSES.has(status) ? 'blocked' : 'unreachable');

/** A frontier row's detail: `<failure>: <message>`, which the crawl's end reads back for its start page. */
export const detailOf = (failure: ScanFailure, message: string): string => `${failure}: ${message.split('\n')[0] ?? message}`;
export const failureOfDetail = (detail: string | null): ScanFailure => {
  const kind = detail?.split(':')[0] ?? 'error';
  return (['unreachable', 'blocked', 'timeout', 'error', 'cancelled', 'refused'] as const).find((k) => k === kind) ?? 'error';
};

export interface InstallationChecks {
  scriptPresent: boolean;
  loadedFirst: boolean;
  bannerShown: boolean;
  /** PROMISE-5: the Installation tab's snippet, an older one, or none. */
  snippet: 'current' | 'older' | null;
}

/** BEYOND-8: the banner's tag, its place among the page's scripts, and the banner itself. */
export const installationChecks = async (page: Page, consentSolutionId: number, timeoutMs: number): Promise<InstallationChecks> => {
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
