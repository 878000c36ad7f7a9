import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { login } from '../dev-server/test/http';
import { DEFAULT_PRIVACY_STANDARDS, type PrivacyStandards } from '../src/schemas/privacyStandards';
import { installationSnippet } from '../src/consent-solutions/installation/installationModel';
import { E2E_COUNTRY_HEADER } from './support/globalSetup';
import { apiCall as api, nextRecord } from './support/apiSession';

/**
 * The privacy standards on a customer page served under the solution's own domain (STD-1..STD-4,
 * STD-6): a recorded `dataLayer` (every push, as Google's tags would read it) shows Consent Mode
 * in both modes; GPC; the region the trusted CDN header names decides between the opt-in
 * banner and the opt-out notice.
 */

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures/sites/standards/index.html'), 'utf8');

/** Records every dataLayer push, whoever creates the array (the banner, here). */
const RECORD_DATA_LAYER = `(() => {
  const seen = [];
  let layer;
  Object.defineProperty(window, '__recorded', { value: seen });
  Object.defineProperty(window, 'dataLayer', {
    configurable: true,
    get: () => layer,
    set: (value) => {
      if (value === layer) return;
      layer = value;
      const push = value.push;
      value.push = function (...items) {
        for (const item of items) seen.push(Object.prototype.toString.call(item) === '[object Arguments]' ? Array.from(item) : JSON.parse(JSON.stringify(item)));
        return push.apply(this, items);
      };
    },
  });
})();`;

const GPC_ON = "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true });";

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
};
const GRANTED = Object.fromEntries(Object.keys(DENIED).map((type) => [type, 'granted']));

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __recorded: unknown[] }).__recorded);

/** Counts the page's cookie reads: document.cookie's (a blocking round trip to the browser) and the Cookie Store API's. */
const COUNT_COOKIE_READS = `(() => {
  const reads = { blocking: 0, store: 0 };
  Object.defineProperty(window, '__cookieReads', { value: reads });
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get() { reads.blocking += 1; return cookie.get.call(this); }, set(value) { cookie.set.call(this, value); } });
  const get = CookieStore.prototype.get;
  CookieStore.prototype.get = function (...args) { reads.store += 1; return get.apply(this, args); };
})();`;
const cookieReads = (page: Page) => page.evaluate(() => (window as unknown as { __cookieReads: { blocking: number; store: number } }).__cookieReads);

/** Records whether the page had reported its first contentful paint when the banner's core was added. */
const CORE_ADDED_AFTER_FIRST_PAINT = `new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes)
    if (node.nodeName === 'SCRIPT' && /\\/banner-full\\.js/.test(node.src)) window.__coreAddedAfterFirstPaint = performance.getEntriesByName('first-contentful-paint').length > 0;
}).observe(document, { childList: true, subtree: true });`;

describe('privacy standards on a customer site', () => {
  const apiUrl = inject('apiUrl');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const domain = `standards-${stamp}.com`;
  let solutionId = 0;
  let site: Server;
  let siteUrl = '';
  let browser: Browser;
  let cookie = '';
  /** STD-8, PROMISE-5: the snippet as the Installation tab gives it (served at /async), the same across publishes. */
  let snippet = '';

  const configure = async (patch: { consentMode?: Partial<PrivacyStandards['consentMode']>; regions?: Partial<PrivacyStandards['regions']> }) => {
    const standards: PrivacyStandards = {
      consentMode: { ...DEFAULT_PRIVACY_STANDARDS.consentMode, ...patch.consentMode },
      gpc: DEFAULT_PRIVACY_STANDARDS.gpc,
      regions: { ...DEFAULT_PRIVACY_STANDARDS.regions, ...patch.regions },
      gpp: DEFAULT_PRIVACY_STANDARDS.gpp,
    };
    await api(apiUrl, cookie, 'PUT', `/consent-solutions/${solutionId}/standards`, standards);
    await api(apiUrl, cookie, 'POST', `/consent-solutions/${solutionId}/publish`, {});
    snippet = installationSnippet(apiUrl, solutionId);
  };

  /** A fresh visitor (empty cache and cookies) whose CDN says they are in `country`. */
  const visitor = async (country: string, init: string[] = [], path = ''): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ locale: 'en-GB' });
    for (const script of [RECORD_DATA_LAYER, ...init]) await context.addInitScript(script);
    // The test plays the CDN: only the banner's request carries the country header.
    await context.route(`${apiUrl}/cdn/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), [E2E_COUNTRY_HEADER.toLowerCase()]: country } }),
    );
    const page = await context.newPage();
    await page.goto(`${siteUrl}${path}`);
    return { context, page };
  };

  beforeAll(async () => {
    cookie = await login(apiUrl, 'owner@demo.test');
    solutionId = (
      await api<{ id: number }>(apiUrl, cookie, 'POST', '/consent-solutions', {
        defaultLanguage: 'en',
        additionalLanguages: ['fr'],
        domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 0 },
      })
    ).id;
    // The gallery's template with category toggles, as the visitor's details need them.
    const gallery = await api<(Record<string, unknown> & { id: number; name: string })[]>(apiUrl, cookie, 'GET', '/popup-templates?scope=gallery');
    const toggles = gallery.find((t) => t.name === 'Full width with category toggles');
    if (!toggles) throw new Error('no gallery template with category toggles');
    const { html, css, js, displayFunction, hideFunction } = toggles;
    const copy = await api<{ id: number }>(apiUrl, cookie, 'POST', '/popup-templates', {
      name: `Toggles ${stamp}`,
      html,
      css,
      js,
      displayFunction,
      hideFunction,
      sourceTemplateId: toggles.id,
    });
    await api(apiUrl, cookie, 'PUT', `/consent-solutions/${solutionId}/popup`, { mode: 'custom', templateId: copy.id });
    // Cookies for the declaration: one per consent category and an unclassified one.
    for (const [name, category] of [
      ['shop_session', 'necessary'],
      ['_ga', 'statistics'],
      ['ad_id', 'marketing'],
      ['mystery', 'unclassified'],
    ] as const) {
      await api(apiUrl, cookie, 'POST', '/cookies', {
        consentSolutionId: solutionId,
        name,
        domain: name === 'ad_id' ? 'ads.example' : domain,
        category,
        purpose: { en: `What ${name} does` },
        expiryDays: name === 'shop_session' ? null : 365,
        dataProcessor:
          category === 'statistics' || category === 'marketing' ? { name: 'Processor Inc', privacyPolicyUrl: 'https://processor.example/privacy' } : null,
      });
    }
    site = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      const page =
        req.url === '/async'
          ? FIXTURE.replace('<script src="%SCRIPT_SRC%"></script>', snippet)
          : FIXTURE.replace('%SCRIPT_SRC%', `${apiUrl}/cdn/${solutionId}/banner.js`);
      // The cookie policy page: the declaration's snippet as the Installation tab gives it.
      const declaration = `<div id="cm-declaration"></div><script src="${apiUrl}/cdn/${solutionId}/declaration.js" data-target="cm-declaration" defer></script>`;
      res.end(req.url === '/cookie-policy' ? page.replace('</body>', `${declaration}</body>`) : page);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://${domain}:${(site.address() as AddressInfo).port}/`;
    // Customers' pages are served over HTTPS: a secure context, which has the Cookie Store API.
    const secure = `--unsafely-treat-insecure-origin-as-secure=${siteUrl.replace(/\/$/, '')}`;
    browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`, secure] });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  });

  it('[STD-1][STD-2] advanced mode: consent default before any other command, Google tags load, the exact update and event after accept and decline', async () => {
    await configure({ consentMode: { enabled: true, mode: 'advanced' } });
    const { context, page } = await visitor('FR');
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expect.poll(async () => (await recorded(page)).length).toBeGreaterThanOrEqual(4);
    const before = await recorded(page);
    expect(before[0]).toEqual(['consent', 'default', { ...DENIED, wait_for_update: 500 }]);
    expect(before[1]).toEqual(['set', 'ads_data_redaction', true]);
    expect((before[2] as unknown[])[0]).toBe('js');
    // PROMISE-1: Google's own tags load in advanced mode, but the tag the customer marked for
    // statistics waits for that consent.
    expect(before.slice(3)).toEqual([['config', 'G-FIXTURE']]);
    const markedTagRuns = async () => (await recorded(page)).filter((entry) => JSON.stringify(entry) === '["event","blocked_tag_ran"]').length;

    const accepted = nextRecord(page);
    await banner.locator('[data-consent-action="accept"]').first().click();
    await accepted;
    await expect.poll(markedTagRuns).toBe(1);
    const declined = nextRecord(page);
    await page.evaluate(() => (window as unknown as { consentBanner: { show: () => void } }).consentBanner.show());
    await banner.locator('[data-consent-action="decline"]').first().click();
    await declined;
    expect(await markedTagRuns()).toBe(1);
    expect((await recorded(page)).slice(4).filter((entry) => JSON.stringify(entry) !== '["event","blocked_tag_ran"]')).toEqual([
      ['consent', 'update', GRANTED],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'functional', 'statistics', 'marketing'] },
      ['consent', 'update', DENIED],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary'] },
    ]);

    // Next page load: the stored choice follows the defaults at once.
    await page.reload();
    await expect.poll(async () => (await recorded(page)).length).toBeGreaterThanOrEqual(4);
    expect((await recorded(page)).slice(0, 4)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['set', 'ads_data_redaction', true],
      ['consent', 'update', DENIED],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary'] },
    ]);
    await context.close();
  }, 60_000);

  it('[STD-1][STD-2] basic mode: the marked Google tag waits for consent; save sends the mapped update', async () => {
    await configure({ consentMode: { enabled: true, mode: 'basic', waitForUpdate: 300, adsDataRedaction: false } });
    const { context, page } = await visitor('DE');
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    const before = await recorded(page);
    expect(before[0]).toEqual(['consent', 'default', { ...DENIED, wait_for_update: 300 }]);
    expect(before.slice(2)).toEqual([['config', 'G-FIXTURE']]);

    const saved = nextRecord(page);
    await banner.locator('[data-consent-action="toggle-details"]').first().click();
    await banner.locator('[data-consent-category="statistics"]').check();
    await banner.locator('[data-consent-action="save"]').first().click();
    await saved;
    await expect
      .poll(async () => (await recorded(page)).slice(3))
      .toEqual([
        ['consent', 'update', { ...DENIED, analytics_storage: 'granted' }],
        { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'statistics'] },
        ['event', 'blocked_tag_ran'],
      ]);
    await context.close();
  }, 60_000);

  it('[STD-4] regional rules: a US visitor gets the opt-out link and no wall; a French visitor the opt-in banner', async () => {
    await configure({ consentMode: { enabled: false }, regions: { enabled: true, us: 'opt-out', other: 'opt-in' } });
    const us = await visitor('US');
    const link = us.page.getByRole('button', { name: 'Do not sell or share my personal information' });
    await link.waitFor();
    expect(await us.page.locator('#cm-banner').isVisible()).toBe(false);
    const optedOut = nextRecord(us.page);
    await link.click();
    const id = await optedOut;
    const record = await api<Record<string, unknown>>(apiUrl, cookie, 'GET', `/consent-records/${id}`);
    expect(record).toMatchObject({ action: 'opt-out', regionRule: 'opt-out', gpc: false, categories: ['necessary', 'functional', 'statistics'] });
    expect(JSON.stringify(record)).not.toContain('127.0.0.1');
    await us.context.close();

    const fr = await visitor('FR');
    await expect.poll(() => fr.page.locator('#cm-banner').isVisible()).toBe(true);
    expect(await fr.page.locator('#cm-notice').count()).toBe(0);
    await fr.context.close();
  }, 60_000);

  it('[STD-3][STD-6] GPC declines marketing and says so; the record says gpc: true; its consent ID shows in the details', async () => {
    await configure({ consentMode: { enabled: true, mode: 'advanced' }, regions: { enabled: true } });
    const { context, page } = await visitor('FR', [GPC_ON]);
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.locator('.cm-gpc').textContent()).toContain('Global Privacy Control');
    expect(await banner.locator('[data-consent-category="marketing"]').isDisabled()).toBe(true);
    const accepted = nextRecord(page);
    await banner.locator('[data-consent-action="accept"]').first().click();
    const id = await accepted;
    const record = await api<Record<string, unknown>>(apiUrl, cookie, 'GET', `/consent-records/${id}`);
    expect(record).toMatchObject({ action: 'accept', gpc: true, regionRule: 'opt-in', categories: ['necessary', 'functional', 'statistics'] });
    expect(await recorded(page)).toContainEqual([
      'consent',
      'update',
      { ...GRANTED, ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);

    await page.evaluate(() => (window as unknown as { consentBanner: { show: () => void } }).consentBanner.show());
    await banner.locator('[data-consent-action="toggle-details"]').first().click();
    await expect.poll(() => banner.locator('.cm-consent-id').textContent()).toContain(`Consent ID: ${id}`);
    await context.close();
  }, 60_000);

  it('[STD-5][STD-6] the declaration renders every cookie by category and the consent ID; "change" reopens the banner', async () => {
    await configure({ consentMode: { enabled: false }, regions: { enabled: false } });
    const { context, page } = await visitor('FR');
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    const accepted = nextRecord(page);
    await banner.locator('[data-consent-action="accept"]').first().click();
    const id = await accepted;

    await page.goto(`${siteUrl}cookie-policy`);
    const declaration = page.locator('#cm-declaration');
    await declaration.locator('table').first().waitFor();
    for (const name of ['shop_session', '_ga', 'ad_id', 'mystery']) {
      await expect.poll(() => page.getByRole('rowheader', { name, exact: true }).count()).toBe(1);
    }
    const marketing = page.getByRole('table', { name: 'Marketing' });
    expect(await marketing.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Domain', 'Purpose', 'Expiry', 'Type', 'Role of the service']);
    expect(await marketing.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'ads.example',
      'What ad_id does',
      '365 days',
      'Third-party HTTP cookie',
      'Processor Inc',
    ]);
    expect(await declaration.textContent()).toContain(domain);
    expect(await declaration.locator('.cm-decl-choice').textContent()).toContain(`Consent ID: ${id}`);

    expect(await banner.isVisible()).toBe(false);
    await declaration.getByRole('button', { name: 'Change your consent' }).click();
    await expect.poll(() => banner.isVisible()).toBe(true);
    await context.close();
  }, 60_000);

  it('[STD-8][STD-1][STD-2] the async snippet: its inline defaults come before any Google command, the marked tag waits for consent, the update follows each decision and reload; no blocking cookie read', async () => {
    await configure({ consentMode: { enabled: true, mode: 'basic', waitForUpdate: 500, adsDataRedaction: true }, regions: { enabled: false } });
    // PROMISE-5: the one tag; what must run before the page's own tags is in loader.js, rebuilt at each publish.
    expect(snippet).toBe(`<script src="${apiUrl}/cdn/${solutionId}/loader.js" data-consent-solution="${solutionId}"></script>`);
    expect(await (await fetch(`${apiUrl}/cdn/${solutionId}/loader.js`)).text()).toMatch(/wait_for_update[\s\S]*PerformanceObserver/);
    const { context, page } = await visitor('DE', [CORE_ADDED_AFTER_FIRST_PAINT, COUNT_COOKIE_READS], 'async');
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    // The core (for Consent Mode) and the UI each read the stored choice without blocking the page.
    expect(await cookieReads(page)).toEqual({ blocking: 0, store: 2 });
    expect(await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="/banner-full.js"]')?.async)).toBe(true);
    // The snippet's loader, then one request for the banner: the core with the UI of the visitor's language inside.
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(fetched.filter((path) => path.startsWith('/cdn/'))).toEqual([`/cdn/${solutionId}/loader.js`, `/cdn/${solutionId}/banner-full.js`]);
    expect(await page.evaluate(() => (window as unknown as { __coreAddedAfterFirstPaint?: boolean }).__coreAddedAfterFirstPaint)).toBe(true);
    const before = await recorded(page);
    expect(before[0]).toEqual(['consent', 'default', { ...DENIED, wait_for_update: 500 }]);
    expect(before[1]).toEqual(['set', 'ads_data_redaction', true]);
    expect((before[2] as unknown[])[0]).toBe('js');
    expect(before.slice(3)).toEqual([['config', 'G-FIXTURE']]);

    const accepted = nextRecord(page);
    await banner.locator('[data-consent-action="accept"]').first().click();
    await accepted;
    await expect
      .poll(async () => (await recorded(page)).slice(4))
      .toEqual([
        ['consent', 'update', GRANTED],
        { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'functional', 'statistics', 'marketing'] },
        ['event', 'blocked_tag_ran'],
      ]);

    // Next page load: the defaults first again, then the stored choice's update (within wait_for_update), then the released tag.
    await page.reload();
    await expect.poll(async () => (await recorded(page)).length).toBeGreaterThanOrEqual(7);
    const again = await recorded(page);
    expect(again.slice(0, 2)).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['set', 'ads_data_redaction', true],
    ]);
    expect(again.filter((entry) => Array.isArray(entry) && entry[1] === 'default')).toHaveLength(1);
    expect(again.slice(4)).toEqual([
      ['consent', 'update', GRANTED],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'functional', 'statistics', 'marketing'] },
      ['event', 'blocked_tag_ran'],
    ]);
    await expect.poll(() => cookieReads(page)).toEqual({ blocking: 0, store: 2 });
    expect(await banner.isVisible()).toBe(false);
    await context.close();
  }, 60_000);

  it('[STD-8][STD-4] the async snippet: a US visitor under opt-out gets the update that grants, after the opt-in defaults', async () => {
    await configure({ consentMode: { enabled: true, mode: 'advanced', adsDataRedaction: false }, regions: { enabled: true, us: 'opt-out', other: 'opt-in' } });
    const { context, page } = await visitor('US', [], 'async');
    await page.getByRole('button', { name: 'Do not sell or share my personal information' }).waitFor();
    const seen = await recorded(page);
    expect(seen[0]).toEqual(['consent', 'default', { ...DENIED, wait_for_update: 500 }]);
    expect(seen).toContainEqual(['consent', 'update', GRANTED]);
    expect(seen.filter((entry) => Array.isArray(entry) && entry[1] === 'default')).toHaveLength(1);
    await context.close();
  }, 60_000);
});
