import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login } from '../dev-server/test/http';
import { launchChromium, signIn } from './support/browser';
import { useConsoleGuard } from './support/consoleGuard';
import { apiCall as api, nextRecord } from './support/apiSession';

/**
 * The loop closed in Chromium (CONST-2, BEYOND-9, BEYOND-3, ROUTE-6): a published banner on a
 * customer page served under the solution's own domain (`--host-resolver-rules` maps it to
 * 127.0.0.1), decline then accept, a statistics script that runs only after acceptance, push
 * for consent asking again, and both decisions on the compliance dashboard and as proof.
 */

const EMAIL = 'owner@demo.test';
/** Demo Shop, owner@demo.test's account (seed). */
const DEMO_SHOP = 1;

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures/sites/banner-loop/index.html'), 'utf8');

describe('the banner on a customer site, back to the dashboard', () => {
  const apiUrl = inject('apiUrl');
  const appUrl = inject('appUrl');
  useConsoleGuard(apiUrl);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const domain = `bannerloop-${stamp}.com`;
  let solutionId = 0;
  let site: Server;
  let siteUrl = '';
  let browser: Browser;
  let context: BrowserContext;
  let cookie = '';

  const sibling = `bannerloop-${stamp}-sister.com`;
  let siblingId = 0;

  const createSolution = async (canonicalDomain: string): Promise<number> =>
    (
      await api<{ id: number }>(apiUrl, cookie, 'POST', '/consent-solutions', {
        defaultLanguage: 'en',
        additionalLanguages: ['fr'],
        domain: { canonicalDomain, type: 'website', scanDepth: 500, scanFrequency: 0 },
      })
    ).id;

  /** The compliance dashboard, logged in, filtered to this test's solution. */
  const openDashboard = async () => {
    const admin = await browser.newContext({ baseURL: appUrl, locale: 'en-GB', acceptDownloads: true });
    const app = await admin.newPage();
    await signIn(app, EMAIL, '/compliance-dashboard/');
    await app.getByRole('combobox', { name: 'Consent solution' }).click();
    await app.getByRole('option', { name: domain, exact: true }).click();
    return { admin, app };
  };

  beforeAll(async () => {
    cookie = await login(apiUrl, EMAIL);
    solutionId = await createSolution(domain);
    siblingId = await createSolution(sibling);
    await api(apiUrl, cookie, 'PATCH', `/consent-solutions/${solutionId}`, { autoblocking: true });
    await api(apiUrl, cookie, 'PATCH', `/consent-solutions/${siblingId}`, { autoblocking: true });
    // Shared consent needs ROLE_UNIVERSAL_CONSENT_SOLUTIONS or ROLE_ADMIN: the operations admin, acting on Demo Shop.
    const adminCookie = await login(apiUrl, 'admin@demo.test');
    for (const id of [solutionId, siblingId]) {
      const res = await fetch(`${apiUrl}/consent-solutions/${id}`, {
        method: 'PATCH',
        headers: { cookie: adminCookie, 'x-account-id': String(DEMO_SHOP), 'content-type': 'application/json' },
        body: JSON.stringify({ sharedConsent: true }),
      });
      if (res.status !== 200) throw new Error(`shared consent on ${id}: ${res.status} ${await res.text()}`);
    }
    await api(apiUrl, cookie, 'POST', `/consent-solutions/${solutionId}/publish`, {});
    await api(apiUrl, cookie, 'POST', `/consent-solutions/${siblingId}/publish`, {});

    site = createServer((req, res) => {
      // One fixture page for both sites; the Host names the solution whose snippet it carries.
      const host = (req.headers.host ?? '').split(':')[0];
      const [own, other] = host === sibling ? [siblingId, domain] : [solutionId, sibling];
      const port = (site.address() as AddressInfo).port;
      const page = FIXTURE.replace('%SCRIPT_SRC%', `${apiUrl}/cdn/${own}/banner.js`)
        .replace('%CONSENT_SOLUTION%', String(own))
        .replace('%SIBLING_URL%', `http://${other}:${port}/`);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://${domain}:${(site.address() as AddressInfo).port}/`;
    browser = await launchChromium([`--host-resolver-rules=MAP ${domain} 127.0.0.1, MAP ${sibling} 127.0.0.1`]);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  });

  it('[CONST-2][BEYOND-9][BEYOND-3][ROUTE-6] decline, then accept: statistics runs only after acceptance, both records reach the dashboard', async () => {
    context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(siteUrl);
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => (window as unknown as { fixtureNecessary?: boolean }).fixtureNecessary)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { fixtureStatistics?: number }).fixtureStatistics)).toBeUndefined();

    // Decline: the consent cookie (one year), no statistics, a record.
    const declined = nextRecord(page);
    await banner.locator('[data-consent-action="decline"]').first().click();
    const declinedId = await declined;
    await expect.poll(() => banner.isVisible()).toBe(false);
    const stored = (await context.cookies()).find((c) => c.name === `cm_consent_${solutionId}`);
    expect(stored).toBeDefined();
    const yearFromNow = Date.now() / 1000 + 365 * 86_400;
    expect(Math.abs((stored?.expires ?? 0) - yearFromNow)).toBeLessThan(3600);
    const value = JSON.parse(decodeURIComponent(stored?.value ?? '')) as { v: number; categories: string[]; aid: string };
    expect(value.categories).toEqual(['necessary']);
    expect(value.aid).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(await page.evaluate(() => (window as unknown as { fixtureStatistics?: number }).fixtureStatistics)).toBeUndefined();

    // Accept (statistics among the categories): the blocked script runs now, once.
    const accepted = nextRecord(page);
    await page.evaluate(() => (window as unknown as { consentBanner: { show: () => void } }).consentBanner.show());
    await banner.locator('[data-consent-action="accept"]').first().click();
    const acceptedId = await accepted;
    await expect.poll(() => page.evaluate(() => (window as unknown as { fixtureStatistics?: number }).fixtureStatistics)).toBe(1);

    // A later visit: no banner, statistics runs at once.
    await page.reload();
    await expect.poll(() => page.evaluate(() => (window as unknown as { fixtureStatistics?: number }).fixtureStatistics)).toBe(1);
    expect(await banner.isVisible()).toBe(false);

    // Both records as proof, same anonymous id, own account.
    const first = await api<{ action: string; anonymousId: string; domain: string; categories: string[] }>(
      apiUrl,
      cookie,
      'GET',
      `/consent-records/${declinedId}`,
    );
    const second = await api<{ action: string; anonymousId: string; categories: string[] }>(apiUrl, cookie, 'GET', `/consent-records/${acceptedId}`);
    expect(first).toMatchObject({ action: 'decline', anonymousId: value.aid, domain, categories: ['necessary'] });
    expect(second).toMatchObject({ action: 'accept', anonymousId: value.aid });
    expect(second.categories).toContain('statistics');

    // The dashboard, filtered to this solution.
    const { admin, app } = await openDashboard();
    await expect.poll(() => app.locator('[data-total="decisions"]').textContent(), { timeout: 15_000 }).toBe('2');
    expect(await app.locator('[data-total="accept"]').textContent()).toBe('1');
    expect(await app.locator('[data-total="decline"]').textContent()).toBe('1');
    await app.getByRole('heading', { name: 'Opt-in rate per category' }).waitFor();

    // Proof of consent: the lookup screen finds the declined record.
    await app.getByRole('link', { name: 'Proof of consent' }).click();
    await app.getByLabel('Consent record ID').fill(declinedId);
    await app.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => app.locator('[data-testid="consent-record"] [data-field="domain"]').textContent()).toBe(domain);
    const download = app.waitForEvent('download');
    await app.getByRole('button', { name: 'Download JSON' }).click();
    expect((await download).suggestedFilename()).toBe(`consent-record-${declinedId}.json`);
    await admin.close();
    await context.close();
  }, 90_000);

  it('[LOG-3] [LOG-4] the dashboard downloads the records it counts as JSON Lines; an administrator sets how long records are kept', async () => {
    const { admin, app } = await openDashboard();
    await expect.poll(() => app.locator('[data-total="decisions"]').textContent(), { timeout: 15_000 }).not.toBe('0');
    const decisions = Number(await app.locator('[data-total="decisions"]').textContent());

    await app.getByRole('button', { name: 'Download records' }).click();
    const download = app.waitForEvent('download');
    await app.getByRole('menuitem', { name: /JSON Lines/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^consent-records-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const records = readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { consentSolutionId: number; domain: string });
    expect(records).toHaveLength(decisions);
    expect(records.every((r) => r.consentSolutionId === solutionId && r.domain === domain)).toBe(true);

    // Retention: one year, saved, still there after a reload; then the default again.
    await app.getByRole('link', { name: 'Proof of consent' }).click();
    const period = app.getByRole('combobox', { name: 'Keep records for' });
    await expect.poll(() => period.textContent()).toBe('5 years (default)');
    await period.click();
    await app.getByRole('option', { name: '1 year', exact: true }).click();
    await app.getByRole('button', { name: 'Save' }).click();
    await app.getByText('The retention period is saved.').waitFor();
    expect(await api<{ days: number }>(apiUrl, cookie, 'GET', '/consent-retention')).toMatchObject({ days: 365 });
    await app.reload();
    await expect.poll(() => period.textContent()).toBe('1 year');
    await period.click();
    await app.getByRole('option', { name: '5 years (default)' }).click();
    await app.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api<{ days: number }>(apiUrl, cookie, 'GET', '/consent-retention')).days).toBe(1826);
    await admin.close();
  }, 90_000);

  it('[CONST-2][BEYOND-2] the visitor language picks the text; push for consent shows the banner again', async () => {
    const french = await browser.newContext({ locale: 'fr-FR' });
    const page = await french.newPage();
    await page.goto(siteUrl);
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('lang')).toBe('fr');
    const recorded = nextRecord(page);
    await banner.locator('[data-consent-action="accept"]').first().click();
    await recorded;
    await page.reload();
    expect(await banner.isVisible()).toBe(false);

    await api(apiUrl, cookie, 'POST', `/consent-solutions/${solutionId}/publish`, { needsReconsent: true });
    // The CDN lets browsers keep the script a minute; a visitor coming back later gets the new one.
    await (await french.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.reload();
    await expect.poll(() => banner.isVisible()).toBe(true);
    // The old choice is not applied to the new consent version: statistics waits again.
    expect(await page.evaluate(() => (window as unknown as { fixtureStatistics?: number }).fixtureStatistics)).toBeUndefined();
    await french.close();
  }, 60_000);

  it("[CONST-2] shared consent: a link to the account's other shared-consent site carries the choice, no second banner", async () => {
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const page = await visitor.newPage();
    await page.goto(siteUrl);
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    const recorded = nextRecord(page);
    await banner.locator('[data-consent-action="accept"]').first().click();
    await recorded;

    await page.locator('#sibling').click();
    await page.waitForURL((url) => url.hostname === sibling);
    expect(new URL(page.url()).hash).toMatch(/^#cm_aid=[A-Za-z0-9-]{16,64}$/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { fixtureStatistics?: number }).fixtureStatistics)).toBe(1);
    expect(await banner.isVisible()).toBe(false);
    const stored = (await visitor.cookies(`http://${sibling}/`)).find((c) => c.name === `cm_consent_${siblingId}`);
    expect((JSON.parse(decodeURIComponent(stored?.value ?? '{}')) as { categories?: string[] }).categories).toContain('statistics');
    const records = await api<{ action: string; domain: string }[]>(apiUrl, cookie, 'GET', `/consent-records?consentSolutionId=${siblingId}`);
    expect(records.map((r) => [r.action, r.domain])).toEqual([['shared', sibling]]);
    await visitor.close();
  }, 60_000);
});
