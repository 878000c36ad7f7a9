import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { TCString, type Vector } from '@iabtcf/core';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { login } from '../dev-server/test/http';
import { installationSnippet } from '../src/consent-solutions/installation/installationModel';
import { runAxe } from './support/axe';
import { apiCall as api } from './support/apiSession';

/**
 * The IAB TCF in Chromium (TCF-1, TCF-2, TCF-4): a published banner with TCF on, on a
 * publisher page served under the solution's own domain, with the stub first and an
 * advertising vendor's script before the banner; an ad iframe on another origin that reaches
 * the CMP through the `__tcfapiLocator` frame. The strings are decoded by @iabtcf/core.
 */

const EMAIL = 'owner@demo.test';
const PAGE = readFileSync(path.join(import.meta.dirname, 'fixtures/sites/tcf/index.html'), 'utf8');
const FRAME = readFileSync(path.join(import.meta.dirname, 'fixtures/sites/tcf/frame.html'), 'utf8');

interface VendorEvent {
  eventStatus: string;
  tcString: string;
  listenerId: number;
}

const ids = (vector: Vector): number[] => {
  const out: number[] = [];
  vector.forEach((value, id) => {
    if (value) out.push(id);
  });
  return out;
};

const vendorEvents = (page: Page) => page.evaluate(() => (window as unknown as { vendorEvents: VendorEvent[] }).vendorEvents);

describe('the IAB TCF on a publisher page', () => {
  const apiUrl = inject('apiUrl');
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const domain = `tcfsite-${stamp}.com`;
  const adHost = `ads-${stamp}.net`;
  let solutionId = 0;
  let site: Server;
  let siteUrl = '';
  let browser: Browser;
  let context: BrowserContext;
  let cookie = '';
  /** STD-8: the snippet as the Installation tab gives it (served at /async): the stub inline, the core async. */
  let snippet = '';
  const settings = {
    enabled: true,
    publisherCountryCode: 'FR',
    purposeOneTreatment: false,
    vendors: [
      { id: 3, legIntPurposes: [7, 10] },
      { id: 8, legIntPurposes: [9] },
      { id: 23, legIntPurposes: [2] },
    ],
    publisherRestrictions: [],
  };

  beforeAll(async () => {
    cookie = await login(apiUrl, EMAIL);
    solutionId = (
      await api<{ id: number }>(apiUrl, cookie, 'POST', '/consent-solutions', {
        defaultLanguage: 'en',
        additionalLanguages: ['fr'],
        domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 0 },
      })
    ).id;
    await api(apiUrl, cookie, 'PUT', `/consent-solutions/${solutionId}/tcf`, settings);
    await api(apiUrl, cookie, 'POST', `/consent-solutions/${solutionId}/publish`, {});
    snippet = installationSnippet(apiUrl, solutionId);

    site = createServer((req, res) => {
      const port = (site.address() as AddressInfo).port;
      const page =
        req.url === '/async' ? PAGE.replace('<script src="%STUB_SRC%"></script>', snippet).replace(/<script src="%SCRIPT_SRC%"[^>]*><\/script>\n/, '') : PAGE;
      const body =
        req.url === '/frame.html'
          ? FRAME
          : page
              .replace('%STUB_SRC%', `${apiUrl}/cdn/tcf-stub.js`)
              .replace('%SCRIPT_SRC%', `${apiUrl}/cdn/${solutionId}/banner.js`)
              .replace('%CONSENT_SOLUTION%', String(solutionId))
              .replace('%FRAME_SRC%', `http://${adHost}:${port}/frame.html`);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://${domain}:${(site.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: requireChromium(),
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1, MAP ${adHost} 127.0.0.1`],
    });
    context = await browser.newContext({ locale: 'en-GB' });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  });

  const adFrame = (page: Page): Frame => {
    const frame = page.frames().find((f) => f.url().includes(adHost));
    if (!frame) throw new Error('no ad frame');
    return frame;
  };

  it('[TCF-1][TCF-2] a vendor listening before the banner loads gets cmpuishown then useractioncomplete, with a string that decodes as chosen; an ad iframe reads it through the locator', async () => {
    const page = await context.newPage();
    await page.goto(siteUrl);
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['cmpuishown']);
    expect(await banner.locator('[data-tcf-layer="1"]').textContent()).toContain('3 partners');

    // The second layer lists the vendors; then accept all from the first layer.
    await banner.locator('[data-tcf-open="vendors"]').click();
    await expect
      .poll(() => banner.locator('[data-tcf-layer="2"] summary').allTextContents())
      .toEqual(['Bluebird Analytics', 'Driftwood Retargeting', 'Northwind Ad Exchange']);
    await banner.locator('[data-tcf-vendor="8"] summary').click();
    expect(await banner.locator('[data-tcf-vendor="8"]').textContent()).toMatch(/Data collected: IP addresses.*Data kept for 390 days.*Privacy policy/);
    const { violations } = await runAxe(page, { include: '#cm-banner [data-tcf]' });
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`)),
    ).toEqual([]);
    const recorded = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          window.addEventListener('consent:recorded', (e) => resolve(String((e as CustomEvent<{ id: string }>).detail.id)), { once: true }),
        ),
    );
    await banner.locator('[data-consent-action="accept"]:visible').first().click();
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
    const tcString = (await vendorEvents(page))[1]?.tcString ?? '';
    const decoded = TCString.decode(tcString);
    expect(ids(decoded.vendorConsents)).toEqual([3, 8, 23]);
    expect(ids(decoded.purposeConsents)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(ids(decoded.vendorLegitimateInterests)).toEqual([3, 8, 23]);
    expect(ids(decoded.purposeLegitimateInterests)).toEqual([2, 7, 9, 10]);
    expect(decoded.cmpId).toBe(300);
    expect(decoded.consentLanguage).toBe('EN');
    expect(decoded.publisherCountryCode).toBe('FR');
    const euconsent = (await context.cookies()).find((c) => c.name === 'euconsent-v2');
    expect(decodeURIComponent(euconsent?.value ?? '')).toBe(tcString);
    const record = await api<{ tcString: string; categories: string[] }>(apiUrl, cookie, 'GET', `/consent-records/${await recorded}`);
    expect(record.tcString).toBe(tcString);
    expect(record.categories).toEqual(['necessary', 'functional', 'statistics', 'marketing']);

    // Cross-origin iframe: getTCData and ping through the locator frame.
    const answer = await adFrame(page).evaluate(() =>
      (window as unknown as { callTcf: (c: string) => Promise<{ returnValue: { tcString: string; eventStatus: string }; success: boolean }> }).callTcf(
        'getTCData',
      ),
    );
    expect(answer.success).toBe(true);
    expect(answer.returnValue.tcString).toBe(tcString);
    const ping = await adFrame(page).evaluate(() =>
      (window as unknown as { callTcf: (c: string) => Promise<{ returnValue: { cmpLoaded: boolean; cmpStatus: string } }> }).callTcf('ping'),
    );
    expect(ping.returnValue).toMatchObject({ cmpLoaded: true, cmpStatus: 'loaded' });

    // A later page: the stored string loads silently.
    await page.reload();
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['tcloaded']);
    expect(await banner.isVisible()).toBe(false);
    expect((await vendorEvents(page))[0]?.tcString).toBe(tcString);
    await page.close();
  });

  it('[TCF-2] reject all gives a string with no consent', async () => {
    const page = await context.newPage();
    await page.goto(siteUrl);
    await page.evaluate(() => (window as unknown as { consentBanner: { show: () => void } }).consentBanner.show());
    await page.locator('#cm-banner [data-consent-action="decline"]:visible').first().click();
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['tcloaded', 'cmpuishown', 'useractioncomplete']);
    const decoded = TCString.decode((await vendorEvents(page))[2]?.tcString ?? '');
    expect(ids(decoded.purposeConsents)).toEqual([]);
    expect(ids(decoded.vendorConsents)).toEqual([]);
    expect(ids(decoded.specialFeatureOptins)).toEqual([]);
    expect(ids(decoded.vendorsDisclosed)).toEqual([3, 8, 23]);
    await page.close();
  });

  it('[TCF-2] a French visitor gets the French layers and a string whose consent language is FR', async () => {
    const french = await browser.newContext({ locale: 'fr-FR' });
    const page = await french.newPage();
    await page.goto(siteUrl);
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.locator('[data-tcf-layer="1"]').textContent()).toContain('Nos 3 partenaires');
    expect(await banner.locator('[data-tcf-layer="1"] li').first().textContent()).not.toBe('');
    await banner.locator('[data-tcf-open="purposes"]').click();
    expect(await banner.locator('[data-tcf-purpose="1"] strong').textContent()).toBe('Stocker et/ou accéder à des informations sur un appareil');
    await banner.locator('[data-consent-action="accept"]:visible').first().click();
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
    const decoded = TCString.decode((await vendorEvents(page))[1]?.tcString ?? '');
    expect(decoded.consentLanguage).toBe('FR');
    expect(ids(decoded.vendorConsents)).toEqual([3, 8, 23]);
    await french.close();
  });

  it("[STD-8][TCF-1][TCF-2] the async snippet: its inline stub answers the vendor's script before the async core, which then sends cmpuishown and the chosen string", async () => {
    // PROMISE-5: the one tag; what must run before the page's own tags is in loader.js, rebuilt at each publish.
    expect(snippet).toBe(`<script src="${apiUrl}/cdn/${solutionId}/loader.js" data-consent-solution="${solutionId}"></script>`);
    expect(await (await fetch(`${apiUrl}/cdn/${solutionId}/loader.js`)).text()).toMatch(/__tcfapiLocator[\s\S]*PerformanceObserver/);
    const fresh = await browser.newContext({ locale: 'en-GB' });
    const page = await fresh.newPage();
    await page.goto(`${siteUrl}async`);
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="tcf-stub.js"]').length)).toBe(0);
    const banner = page.locator('#cm-banner');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['cmpuishown']);
    await banner.locator('[data-consent-action="accept"]:visible').first().click();
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
    expect(ids(TCString.decode((await vendorEvents(page))[1]?.tcString ?? '').vendorConsents)).toEqual([3, 8, 23]);
    await fresh.close();
  });

  it('[TCF-4] a vendor added to the selection asks again', async () => {
    await api(apiUrl, cookie, 'PUT', `/consent-solutions/${solutionId}/tcf`, { ...settings, vendors: [...settings.vendors, { id: 42, legIntPurposes: [7] }] });
    await api(apiUrl, cookie, 'POST', `/consent-solutions/${solutionId}/publish`, {});
    // Same visitor (cookies), but past the CDN's one-minute cache of the previous banner.
    const later = await browser.newContext({ locale: 'en-GB', storageState: await context.storageState() });
    const page = await later.newPage();
    await page.goto(siteUrl);
    await expect.poll(() => page.locator('#cm-banner').isVisible()).toBe(true);
    await expect.poll(async () => (await vendorEvents(page)).map((e) => e.eventStatus)).toEqual(['cmpuishown']);
    expect(await page.locator('#cm-banner [data-tcf-layer="1"]').textContent()).toContain('4 partners');
    await later.close();
  });
});
