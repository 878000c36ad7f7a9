import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { findScannerChromium, launchScannerChromium, scannerLaunch } from '../chromium';
import { EVALUATE_HELPERS } from './evaluateHelpers';
import { evaluateJson } from './pageScript';

/**
 * SCAN-3: what the scanner runs in a page on every visit answers as `page.evaluate` would: the
 * function's awaited result, in the page's main world, in each new document the page loads; an
 * error the page throws reaches the caller.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchScannerChromium(findScannerChromium() as string, scannerLaunch().args, 0);
});
afterAll(async () => {
  await browser?.close();
});

const readTitleAndKeys = async (prefix: string): Promise<{ title: string; keys: string[] }> => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return { title: document.title, keys: Object.keys(localStorage).filter((k) => k.startsWith(prefix)) };
};

describe('a function run in the page', () => {
  it('[SCAN-3] answers its awaited result in the main world of each new document, and throws what the page threw', async () => {
    const context = await browser.newContext();
    try {
      await context.addInitScript(EVALUATE_HELPERS);
      const page = await context.newPage();
      await page.setContent('<title>first</title><script>window.pageSays = "main world"</script>');
      expect(await evaluateJson(page, () => (window as Window & { pageSays?: string }).pageSays, null)).toBe('main world');
      // A page of its own origin, so that it has storage.
      await page.route('http://scan.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>second</title>' }));
      await page.goto('http://scan.test/');
      await page.evaluate(() => localStorage.setItem('kept_1', 'x'));
      expect(await evaluateJson(page, readTitleAndKeys, 'kept_')).toEqual({ title: 'second', keys: ['kept_1'] });
      await expect(
        evaluateJson(
          page,
          (message: string) => {
            throw new Error(message);
          },
          'refused by the page',
        ),
      ).rejects.toThrow('refused by the page');
    } finally {
      await context.close();
    }
  });
});
