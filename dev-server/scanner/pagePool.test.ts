import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findScannerChromium, launchScannerChromium, scannerLaunch } from './chromium';
import { createPagePool } from './pagePool';

/**
 * SCAN-3: the crawl's kept pages. A page serves one visit after another (a new one is a new
 * renderer), but not for ever: past its age its context is closed, with every renderer process
 * Chromium started for it, and the next visit gets a new one.
 */

const chromiumPath = findScannerChromium();

describe.runIf(chromiumPath !== undefined)("the scanner's kept pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchScannerChromium(chromiumPath as string, scannerLaunch().args, 0);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('[SCAN-3] a kept page serves the next visit of its state while young; past its age its context is closed and a new one opens', async () => {
    // No page is loaded here: the proxy is never asked.
    const pool = createPagePool(browser, { proxyServer: 'http://127.0.0.1:9' }, { consentSolutionId: 1, consentVersion: 1, stored: {} }, 2, 1_000);
    try {
      const first = await pool.acquire('before');
      const kept = first.page;
      await first.release(true);
      const again = await pool.acquire('before');
      expect(again.page).toBe(kept);
      await again.release(true);
      expect(browser.contexts()).toHaveLength(1);

      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const renewed = await pool.acquire('before');
      expect(renewed.page).not.toBe(kept);
      expect(kept.isClosed()).toBe(true);
      expect(browser.contexts()).toHaveLength(1);
      await renewed.release(true);
    } finally {
      await pool.close();
    }
    expect(browser.contexts()).toHaveLength(0);
  }, 60_000);
});
