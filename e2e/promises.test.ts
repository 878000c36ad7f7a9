import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login } from '../dev-server/test/http';
import { installationSnippet } from '../src/consent-solutions/installation/installationModel';
import { runAxe } from './support/axe';
import { apiCall as api, nextRecord } from './support/apiSession';
import { launchChromium } from './support/browser';

/**
 * What the banner promises on the customer's page (PROMISE-1, PROMISE-2, PROMISE-3), in
 * Chromium on a fresh solution with default settings (autoblocking off) installed with the
 * Installation tab's snippet: marked script, iframe and image inert until their category is
 * accepted, the placeholder consenting in place, the settings control reopening the choices and a
 * withdrawal removing the statistics cookie, recorded as a change.
 */

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures/sites/promises/index.html'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface RecordJson {
  id: string;
  action: string;
  categories: string[];
  change: boolean;
  replaces: string | null;
}

describe('the banner keeps its promises on a customer page', () => {
  const apiUrl = inject('apiUrl');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const domain = `promises-${stamp}.com`;
  let solutionId = 0;
  let site: Server;
  let siteUrl = '';
  let browser: Browser;
  let cookie = '';
  /** What the page asked the site for, in order. */
  const requested: string[] = [];

  beforeAll(async () => {
    cookie = await login(apiUrl, 'owner@demo.test');
    solutionId = (
      await api<{ id: number }>(apiUrl, cookie, 'POST', '/consent-solutions', {
        defaultLanguage: 'en',
        domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 0 },
      })
    ).id;
    await api(apiUrl, cookie, 'POST', '/cookies', {
      consentSolutionId: solutionId,
      name: '_ga',
      domain,
      category: 'statistics',
      purpose: { en: 'Counts visits.' },
      expiryDays: 1,
      dataProcessor: { name: 'Fixture Analytics', privacyPolicyUrl: 'https://analytics.example/privacy' },
    });
    await api(apiUrl, cookie, 'POST', `/consent-solutions/${solutionId}/publish`, {});
    site = createServer((req, res) => {
      requested.push(req.url ?? '');
      if (req.url === '/embed.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html lang="en"><title>Video</title><p>The video.</p></html>');
      } else if (req.url === '/pixel.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(FIXTURE.replace('%SNIPPET%', installationSnippet(apiUrl, solutionId)));
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://${domain}:${(site.address() as AddressInfo).port}/`;
    browser = await launchChromium([`--host-resolver-rules=MAP ${domain} 127.0.0.1`]);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  });

  const statisticsRuns = (page: Page) => page.evaluate(() => (window as unknown as { fixtureStatistics?: number }).fixtureStatistics ?? 0);
  const hasCookie = async (page: Page, name: string) => (await page.context().cookies()).some((c) => c.name === name);
  const axe = async (page: Page, selector: string) =>
    (await runAxe(page, { tags: AXE_TAGS, include: selector })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  it('[PROMISE-1][PROMISE-2][PROMISE-3] marked elements wait for their category, the placeholder consents in place, the settings control reopens the choices and a withdrawal removes the cookie and is recorded', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(siteUrl);
    const banner = page.locator('#cm-banner');
    /** The second layer, whether the last visit left it open or not. */
    const openDetails = async () => {
      const toggle = banner.locator('[data-consent-action="toggle-details"]').first();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    };
    await expect.poll(() => banner.isVisible()).toBe(true);

    // PROMISE-1: nothing marked ran or loaded while the banner asks, whatever autoblocking (off).
    expect(await statisticsRuns(page)).toBe(0);
    expect(await hasCookie(page, '_ga')).toBe(false);
    expect(requested.filter((url) => url === '/embed.html' || url === '/pixel.png')).toEqual([]);
    const placeholder = page.locator('[data-consent-placeholder-for="marketing"]');
    await expect.poll(() => placeholder.isVisible()).toBe(true);
    expect(await placeholder.textContent()).toContain('Our shop in one minute');
    expect(await axe(page, '.cm-placeholder')).toEqual([]);

    // PROMISE-3: a choice per category in two clicks (details, then the category), saved.
    await openDetails();
    await banner.locator('input[data-consent-category="statistics"]').check();
    const first = nextRecord(page);
    await banner.locator('[data-consent-action="save"]').first().click();
    const firstId = await first;
    await expect.poll(() => banner.isVisible()).toBe(false);
    await expect.poll(() => statisticsRuns(page)).toBe(1);
    expect(await hasCookie(page, '_ga')).toBe(true);
    await expect.poll(() => requested.includes('/pixel.png')).toBe(true);
    expect(requested).not.toContain('/embed.html');

    // The placeholder consents to marketing in place: the video loads, the placeholder goes.
    const inPlace = nextRecord(page);
    await placeholder.getByRole('button', { name: /marketing/i }).click();
    const inPlaceId = await inPlace;
    await expect.poll(() => requested.includes('/embed.html')).toBe(true);
    await expect.poll(() => placeholder.count()).toBe(0);

    // PROMISE-2: the floating control, accessible, reopens the choices; withdrawing statistics removes _ga.
    const control = page.getByRole('button', { name: 'Privacy settings' });
    await expect.poll(() => control.isVisible()).toBe(true);
    expect(await axe(page, '#cm-settings')).toEqual([]);
    await control.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await openDetails();
    await banner.locator('input[data-consent-category="statistics"]').uncheck();
    const withdrawn = nextRecord(page);
    await banner.locator('[data-consent-action="save"]').first().click();
    const withdrawnId = await withdrawn;
    await expect.poll(() => hasCookie(page, '_ga')).toBe(false);

    // Read back through the API: the withdrawal is a record marked as a change of the decision in force.
    const record = await api<RecordJson>(apiUrl, cookie, 'GET', `/consent-records/${withdrawnId}`);
    expect(record.categories).not.toContain('statistics');
    expect(record.categories).toContain('marketing');
    expect(record.change).toBe(true);
    expect(record.replaces).toBe(inPlaceId);
    expect((await api<RecordJson>(apiUrl, cookie, 'GET', `/consent-records/${firstId}`)).change).toBe(false);
    await context.close();
  }, 120_000);
});
