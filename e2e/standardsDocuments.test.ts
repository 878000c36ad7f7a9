import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GppModel } from '@iabgpp/cmpapi';
import { TCString, type Vector } from '@iabtcf/core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { login } from '../dev-server/test/http';
import { shippedTranslation, shippedVendorList, startGvlFixtureServer, type GvlFixtureServer } from '../dev-server/test/gvlFixtureServer';
import { startTestServer, type TestServer } from '../dev-server/test/startTestServer';
import { DEFAULT_PRIVACY_STANDARDS, type PrivacyStandards } from '../src/schemas/privacyStandards';
import { apiCall, nextRecord } from './support/apiSession';

/**
 * The standards as their own documents define them, in Chromium on a publisher page under the
 * solution's own domain (STD-9..STD-13): the IAB's TCF CMP API v2.2 in and out of GDPR regions,
 * the IAB GPP 1.1 with a US state's section and `tcfeuv2`, Google Consent Mode under GPC after
 * an opt-in, and a banner published before the IAB's next vendor list. Every TC string is
 * decoded by @iabtcf/core, every GPP string by the IAB's GppModel (@iabgpp/cmpapi). The API is
 * this file's own, so that it can take a newer vendor list without touching other files' banners.
 */

const COUNTRY_HEADER = 'X-Cdn-Country';
const REGION_HEADER = 'X-Cdn-Region';

/** A vendor's script before any other tag: listens to both APIs and records every event; the Google tag; a marketing tag. */
const page = (apiUrl: string, solutionId: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Standards documents publisher</title>
<script src="${apiUrl}/cdn/tcf-stub.js"></script>
<script src="${apiUrl}/cdn/${solutionId}/banner.js" data-consent-solution="${solutionId}"></script>
<script>
  window.tcfEvents = [];
  window.gppEvents = [];
  window.__tcfapi('addEventListener', 2, function (data, success) {
    if (success) window.tcfEvents.push({ eventStatus: data.eventStatus, gdprApplies: data.gdprApplies, tcString: data.tcString });
  });
  window.__gpp('addEventListener', function (event, success) {
    if (success) window.gppEvents.push({ eventName: event.eventName, data: event.data, gppString: event.pingData && event.pingData.gppString });
  });
  window.dataLayer = window.dataLayer || [];
  function gtag() { dataLayer.push(arguments); }
  gtag('js', new Date(0));
  gtag('config', 'G-FIXTURE');
</script>
<script type="text/plain" data-consent-category="marketing">window.marketingTagRan = true;</script>
</head><body><h1>Publisher</h1></body></html>`;

/** Records every dataLayer push, whoever creates the array. */
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
/** Collects the ids of the records the banner reports, from the first script on. */
const COLLECT_RECORDS = "window.__recordIds = []; window.addEventListener('consent:recorded', (e) => window.__recordIds.push(String(e.detail.id)));";
const GPC_ON = "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true });";

/** The banner waits for the GPP module (the IAB's library) where it applies, and a loaded machine compresses it slowly. */
const LOADING = { timeout: 15_000 };

interface TcfEvent {
  eventStatus?: string;
  gdprApplies?: boolean;
  tcString?: string;
}
interface GppEvent {
  eventName: string;
  data: unknown;
  gppString?: string;
}

const ids = (vector: Vector): number[] => {
  const out: number[] = [];
  vector.forEach((value, id) => {
    if (value) out.push(id);
  });
  return out;
};

const tcfEvents = (p: Page) => p.evaluate(() => (window as unknown as { tcfEvents: TcfEvent[] }).tcfEvents);
const gppEvents = (p: Page) => p.evaluate(() => (window as unknown as { gppEvents: GppEvent[] }).gppEvents);
/** A command of either API, answered through its callback as a vendor would call it. */
const tcfCall = (p: Page, command: string) =>
  p.evaluate(
    (c) =>
      new Promise<Record<string, unknown>>((resolve) =>
        (window as unknown as { __tcfapi: (c: string, v: number, cb: (d: Record<string, unknown>) => void) => void }).__tcfapi(c, 2, resolve),
      ),
    command,
  );
const gppPing = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve) =>
        (window as unknown as { __gpp: (c: string, cb: (d: Record<string, unknown>) => void) => void }).__gpp('ping', resolve),
      ),
  );
const recordIds = (p: Page) => p.evaluate(() => (window as unknown as { __recordIds: string[] }).__recordIds);
const recorded = (p: Page) => p.evaluate(() => (window as unknown as { __recorded: unknown[] }).__recorded);

describe('the standards on a publisher page, checked against their documents', () => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const domain = `documents-${stamp}.com`;
  let api: TestServer;
  let remote: GvlFixtureServer;
  let cookie = '';
  let solutionId = 0;
  let site: Server;
  let siteUrl = '';
  let browser: Browser;
  const held = shippedVendorList().vendorListVersion;
  const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(api.baseUrl, cookie, method, path, body);

  /** A visitor whose CDN says where they are; the CDN's headers reach only the banner's requests. */
  const visitor = async (country: string, region?: string, init: string[] = [], storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => {
    const context = await browser.newContext({ locale: 'en-GB', storageState });
    for (const script of [RECORD_DATA_LAYER, COLLECT_RECORDS, ...init]) await context.addInitScript(script);
    await context.route(`${api.baseUrl}/cdn/**`, (route) =>
      route.continue({
        headers: { ...route.request().headers(), [COUNTRY_HEADER.toLowerCase()]: country, ...(region ? { [REGION_HEADER.toLowerCase()]: region } : {}) },
      }),
    );
    const p = await context.newPage();
    await p.goto(siteUrl);
    return { context, page: p };
  };

  beforeAll(async () => {
    remote = await startGvlFixtureServer();
    remote.set('vendor-list.json', { json: shippedVendorList() });
    remote.set('purposes-fr.json', { json: shippedTranslation('fr') });
    // The browser plays the CDN here: its region headers come from this machine, a trusted proxy (DEPLOY-2).
    api = await startTestServer({ gvl: { url: remote.url }, countryHeader: COUNTRY_HEADER, regionHeader: REGION_HEADER, trustedProxies: ['loopback'] });
    await api.context.consentLog.ready();
    cookie = await login(api.baseUrl, 'owner@demo.test');
    solutionId = (
      await call<{ id: number }>('POST', '/consent-solutions', {
        defaultLanguage: 'en',
        additionalLanguages: [],
        domain: { canonicalDomain: domain, type: 'website', scanDepth: 500, scanFrequency: 0 },
      })
    ).id;
    const standards: PrivacyStandards = {
      ...DEFAULT_PRIVACY_STANDARDS,
      consentMode: { ...DEFAULT_PRIVACY_STANDARDS.consentMode, enabled: true, mode: 'advanced' },
      regions: { enabled: true, us: 'opt-out', other: 'opt-in' },
      gpp: { ...DEFAULT_PRIVACY_STANDARDS.gpp, enabled: true, usApproach: 'state', tcfEu: true },
    };
    await call('PUT', `/consent-solutions/${solutionId}/standards`, standards);
    await call('PUT', `/consent-solutions/${solutionId}/tcf`, {
      enabled: true,
      publisherCountryCode: 'FR',
      purposeOneTreatment: false,
      vendors: [
        { id: 3, legIntPurposes: [7, 10] },
        { id: 8, legIntPurposes: [9] },
      ],
      publisherRestrictions: [],
      acProviders: [],
    });
    // Marked tags wait for their category.
    await call('PATCH', `/consent-solutions/${solutionId}`, { autoblocking: true });
    await call('POST', `/consent-solutions/${solutionId}/publish`, {});
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page(api.baseUrl, solutionId));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://${domain}:${(site.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
    await remote?.close();
    await api?.close();
  });

  it("[STD-10][STD-13] a Californian with TCF on: TCF answers (gdprApplies false, loaded, no TC string, listeners called), GPP gives California's section; 'Do not sell' opts out in the GPP string and never as a GDPR refusal", async () => {
    const { context, page: p } = await visitor('US', 'CA');
    const doNotSell = p.getByRole('button', { name: 'Do not sell or share my personal information' });
    await doNotSell.waitFor();
    // CMP API v2.2: the CMP says whether GDPR applies; outside it, no TC string and no UI.
    expect(await tcfCall(p, 'ping')).toMatchObject({ gdprApplies: false, cmpLoaded: true, cmpStatus: 'loaded', displayStatus: 'disabled', apiVersion: '2.2' });
    await expect.poll(async () => (await tcfEvents(p)).length).toBeGreaterThan(0);
    expect((await tcfEvents(p)).every((e) => e.gdprApplies === false && !e.tcString)).toBe(true);
    // GPP 1.1: the module loaded where its rules apply; California's section (id 8), notices given, not opted out.
    await expect.poll(async () => (await gppPing(p)).cmpStatus, LOADING).toBe('loaded');
    const ping = await gppPing(p);
    expect(ping).toMatchObject({ gppVersion: '1.1', signalStatus: 'ready', applicableSections: [8], cmpId: 300 });
    const before = new GppModel(String(ping.gppString));
    expect(before.getSection('usca')).toMatchObject({ SaleOptOutNotice: 1, SharingOptOutNotice: 1, SaleOptOut: 2, SharingOptOut: 2, Gpc: false });

    const optedOut = nextRecord(p);
    await doNotSell.click();
    const id = await optedOut;
    await expect.poll(async () => (await gppEvents(p)).map((e) => e.eventName)).toContain('sectionChange');
    const names = (await gppEvents(p)).map((e) =>
      e.eventName === 'signalStatus' || e.eventName === 'sectionChange' ? `${e.eventName}:${String(e.data)}` : e.eventName,
    );
    expect(names.slice(names.lastIndexOf('signalStatus:not ready'))).toEqual(['signalStatus:not ready', 'sectionChange:usca', 'signalStatus:ready']);
    const after = new GppModel(String((await gppPing(p)).gppString));
    expect(after.getSection('usca')).toMatchObject({ SaleOptOut: 1, SharingOptOut: 1 });
    expect((await tcfEvents(p)).every((e) => e.gdprApplies === false && !e.tcString)).toBe(true);
    expect((await context.cookies()).some((c) => c.name === 'euconsent-v2')).toBe(false);
    const record = await call<{ action: string; regionRule: string; tcString: string | null; gppString: string; gppSid: number[] }>(
      'GET',
      `/consent-records/${id}`,
    );
    expect(record).toMatchObject({ action: 'opt-out', regionRule: 'opt-out US-CA', tcString: null, gppSid: [8] });
    expect(new GppModel(record.gppString).getFieldValue('usca', 'SaleOptOut')).toBe(1);
    await context.close();
  }, 90_000);

  it('[STD-12][STD-13][STD-9][STD-11] a French visitor: cmpuishown with the legitimate interests, ping and TCData as CMP API v2.2; tcfeuv2 follows the TC string; back with GPC, ad_* denied; after a newer vendor list, a consented vendor that changed asks again and the string encodes the new list', async () => {
    const { context, page: p } = await visitor('FR');
    const banner = p.locator('#cm-banner');
    await expect.poll(() => banner.isVisible(), LOADING).toBe(true);
    await expect.poll(async () => (await tcfEvents(p)).map((e) => e.eventStatus)).toEqual(['cmpuishown']);
    const shown = TCString.decode((await tcfEvents(p))[0]?.tcString ?? '');
    expect(ids(shown.vendorLegitimateInterests)).toEqual([3, 8]);
    expect(ids(shown.vendorConsents)).toEqual([]);
    expect(ids(shown.purposeConsents)).toEqual([]);
    const list = shippedVendorList();
    expect(await tcfCall(p, 'ping')).toMatchObject({
      gdprApplies: true,
      cmpStatus: 'loaded',
      displayStatus: 'visible',
      apiVersion: '2.2',
      gvlVersion: held,
      tcfPolicyVersion: list.tcfPolicyVersion,
    });
    const tcData = await tcfCall(p, 'getTCData');
    expect(tcData).toHaveProperty('useNonStandardTexts', false);
    expect(tcData).not.toHaveProperty('useNonStandardStacks');
    const disclosed = (tcData.vendor as { disclosedVendors: Record<string, boolean> }).disclosedVendors;
    expect(Object.keys(disclosed).filter((vendor) => disclosed[vendor])).toEqual(['3', '8']);
    await expect.poll(async () => (await gppPing(p)).applicableSections, LOADING).toEqual([2]);
    expect(await p.evaluate(() => (window as unknown as { marketingTagRan?: boolean }).marketingTagRan)).toBeUndefined();

    const accepted = nextRecord(p);
    await banner.locator('[data-consent-action="accept"]:visible').first().click();
    const id = await accepted;
    await expect.poll(async () => (await tcfEvents(p)).map((e) => e.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
    const tcString = (await tcfEvents(p))[1]?.tcString ?? '';
    expect(ids(TCString.decode(tcString).vendorConsents)).toEqual([3, 8]);
    await expect.poll(async () => new GppModel(String((await gppPing(p)).gppString)).getFieldValue('tcfeuv2', 'VendorConsents')).toEqual([3, 8]);
    const gpp = new GppModel(String((await gppPing(p)).gppString));
    expect(gpp.encodeSection('tcfeuv2').split('.')[0]).toBe(tcString.split('.')[0]);
    expect(await p.evaluate(() => (window as unknown as { marketingTagRan?: boolean }).marketingTagRan)).toBe(true);
    const record = await call<{ tcString: string; gppSid: number[] }>('GET', `/consent-records/${id}`);
    expect(record).toMatchObject({ tcString, gppSid: [2] });
    const optedIn = await context.storageState();
    await context.close();

    // STD-9: the same visitor comes back with GPC on: Consent Mode denies ad_*, the marketing tag stays blocked, the banner says so and records it once.
    const gpc = await visitor('FR', undefined, [GPC_ON], optedIn);
    await expect
      .poll(() => recorded(gpc.page), LOADING)
      .toContainEqual(['consent', 'update', expect.objectContaining({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' })]);
    await expect.poll(async () => (await recordIds(gpc.page)).length, LOADING).toBe(1);
    const gpcProof = await call<{ action: string; gpc: boolean }>('GET', `/consent-records/${(await recordIds(gpc.page))[0]}`);
    expect(gpcProof).toMatchObject({ action: 'gpc', gpc: true });
    expect(await gpc.page.evaluate(() => (window as unknown as { marketingTagRan?: boolean }).marketingTagRan)).toBeUndefined();
    await gpc.context.close();

    // STD-11: a week later the IAB's list has a new version where vendor 3 declares one more purpose; nobody republishes.
    remote.set('vendor-list.json', {
      json: { ...list, vendorListVersion: held + 1, vendors: { ...list.vendors, 3: { ...list.vendors['3'], purposes: [1, 2, 3, 4, 7] } } },
    });
    expect(await api.context.gvl.refresh()).toBe(true);
    const later = await visitor('FR', undefined, [], optedIn);
    await expect.poll(() => later.page.locator('#cm-banner').isVisible(), LOADING).toBe(true);
    await expect.poll(async () => (await tcfEvents(later.page)).map((e) => e.eventStatus)).toEqual(['cmpuishown']);
    expect(await tcfCall(later.page, 'ping')).toMatchObject({ gvlVersion: held + 1 });
    await later.page.locator('#cm-banner [data-consent-action="accept"]:visible').first().click();
    await expect.poll(async () => (await tcfEvents(later.page)).map((e) => e.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
    const renewed = TCString.decode((await tcfEvents(later.page))[1]?.tcString ?? '');
    expect(renewed.vendorListVersion).toBe(held + 1);
    expect(ids(renewed.vendorConsents)).toEqual([3, 8]);
    await later.context.close();
  }, 120_000);
});
