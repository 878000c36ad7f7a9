import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { login } from '../dev-server/test/http';
import { runAxe } from './support/axe';

/**
 * The published default banner on a customer article page, checked by axe-core and driven by
 * keyboard (STD-7, WCAG 2.2 AA): details open, focus in and back, reject beside accept, the
 * details toggle's state, the panel scrolled by keyboard, reflow at 320 × 256 (400 % zoom).
 */

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures/sites/article/index.html'), 'utf8');
const ARTICLE = Array.from(
  { length: 12 },
  (_, i) => `<p>Paragraph ${i + 1} of the article, long enough to wrap over a few lines on a phone and on a desktop screen alike.</p>`,
).join('\n');

describe('the banner is accessible (WCAG 2.2 AA)', () => {
  const apiUrl = inject('apiUrl');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const domain = `a11y-${stamp}.com`;
  let site: Server;
  let siteUrl = '';
  let browser: Browser;

  beforeAll(async () => {
    const cookie = await login(apiUrl, 'owner@demo.test');
    const call = async (method: string, route: string, body: unknown) => {
      const res = await fetch(`${apiUrl}${route}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status}`);
      return (await res.json()) as { id: number };
    };
    const { id } = await call('POST', '/consent-solutions', {
      defaultLanguage: 'en',
      domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 0 },
    });
    // Enough cookies for the details panel to scroll.
    for (let i = 0; i < 14; i++) {
      await call('POST', '/cookies', {
        consentSolutionId: id,
        name: `cookie_${i}`,
        domain,
        category: 'necessary',
        purpose: { en: `Keeps part ${i} of the site working.` },
        expiryDays: 30,
      });
    }
    await call('POST', `/consent-solutions/${id}/publish`, {});
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(FIXTURE.replace('%HEAD%', `<script src="${apiUrl}/cdn/${id}/banner.js"></script>`).replace('%ARTICLE%', ARTICLE));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://${domain}:${(site.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`] });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  });

  const open = async (viewport = { width: 1280, height: 800 }): Promise<Page> => {
    const context = await browser.newContext({ locale: 'en-GB', viewport });
    const page = await context.newPage();
    await page.goto(siteUrl);
    await expect.poll(() => page.locator('#cm-banner').isVisible()).toBe(true);
    return page;
  };
  const focused = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('data-consent-action') ?? document.activeElement?.id ?? document.activeElement?.tagName);

  it('[STD-7] axe-core finds no violation with the banner and its details open', async () => {
    const page = await open();
    const toggle = page.locator('[data-consent-action="toggle-details"]');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.locator('[data-consent-details]').isVisible()).toBe(true);
    const { violations } = await runAxe(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'], include: '#cm-banner' });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('[STD-7] focus moves into the banner, reject is reached as easily as accept and looks as prominent, focus returns after a choice', async () => {
    const page = await open();
    expect(await focused(page)).toBe('cm-banner');
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(String(await focused(page)));
    }
    expect(order).toEqual(['toggle-details', 'decline', 'accept']);
    const reject = await page.locator('[data-consent-action="decline"]').boundingBox();
    const accept = await page.locator('[data-consent-action="accept"]').boundingBox();
    expect(reject?.height).toBe(accept?.height);
    expect(Math.abs((reject?.width ?? 0) - (accept?.width ?? 0))).toBeLessThan(40);

    // Choose by keyboard: focus goes back to the page, where the user was.
    await page.locator('#first-link').focus();
    await page.evaluate(() => (window as unknown as { consentBanner: { show: () => void } }).consentBanner.show());
    expect(await focused(page)).toBe('cm-banner');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#cm-banner').isVisible()).toBe(false);
    expect(await focused(page)).toBe('first-link');
    await page.context().close();
  }, 60_000);

  it('[STD-7] the open details panel scrolls by keyboard', async () => {
    const page = await open();
    await page.locator('[data-consent-action="toggle-details"]').press('Enter');
    const panel = page.locator('[data-consent-details]');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-consent-details'))).toBe(true);
    await page.keyboard.press('PageDown');
    await expect.poll(() => panel.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.context().close();
  }, 60_000);

  it('[STD-7] reflow at 320 × 256 (400 % zoom): the banner starts on screen and every part of it can be reached', async () => {
    const page = await open({ width: 320, height: 256 });
    const box = await page.locator('#cm-banner').boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(256.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const heading = page.locator('#cm-banner h2');
    const headingBox = await heading.boundingBox();
    expect(headingBox?.y).toBeGreaterThanOrEqual(0);
    // The last button is reached by scrolling the banner itself (it takes keyboard focus too).
    const accept = page.locator('[data-consent-action="accept"]');
    await accept.focus();
    const acceptBox = await accept.boundingBox();
    expect(acceptBox?.y).toBeGreaterThanOrEqual(0);
    expect((acceptBox?.y ?? 0) + (acceptBox?.height ?? 0)).toBeLessThanOrEqual(256.5);
    await page.context().close();
  }, 60_000);
});
