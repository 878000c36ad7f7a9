import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { findScannerChromium, launchScannerChromium, scannerLaunch } from './chromium';
import { createPagePool } from './pagePool';

/**
 * SCAN-3: the page pool keeps a page per consent state between visits (a new one is a renderer
 * process), and closes a page left idle: once the sample's "reject all" and GPC pages are done,
 * their renderers are no longer held for the rest of a deep crawl.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchScannerChromium(findScannerChromium() as string, scannerLaunch().args, 0);
});
afterAll(async () => {
  await browser?.close();
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
// No page is loaded: the proxy is never asked.
const SETTINGS = { proxyServer: 'http://127.0.0.1:9' };
const SETUP = { consentSolutionId: 1, consentVersion: 1, stored: {} };

describe('the page pool', () => {
  it('[SCAN-3] keeps a released page for its state, and closes a page idle for longer than its limit', async () => {
    const pool = createPagePool(browser, SETTINGS, SETUP, 4, 1_000);
    try {
      const first = await pool.acquire('before');
      await first.release(true);
      const again = await pool.acquire('before');
      expect(again.page).toBe(first.page);
      const reject = await pool.acquire('reject');
      await reject.release(true);
      expect(browser.contexts()).toHaveLength(2);

      await sleep(700);
      await again.release(true);
      await sleep(500);
      // "reject" has been idle for 1.2 s, "before" for 0.5: only the first goes.
      const kept = await pool.acquire('before');
      expect(kept.page).toBe(first.page);
      expect(reject.page.isClosed()).toBe(true);
      expect(browser.contexts()).toHaveLength(1);
      await kept.release(true);
    } finally {
      await pool.close();
    }
    expect(browser.contexts()).toHaveLength(0);
  });
});
