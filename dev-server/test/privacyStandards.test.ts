import { gzipSync } from 'node:zlib';
import { GppModel } from '@iabgpp/cmpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_STANDARDS, type PrivacyStandards } from '../../src/schemas/privacyStandards';
import { addressCountry, headerCountry } from '../cdn/visitorRegion';
import { caller, pairs, type Call } from './consentApi';
import { uiFilesOf } from './publishedBanner';
import { startTestServer, type TestServer } from './startTestServer';

/** The privacy standards' settings, the region-aware CDN and the records' new fields (STD-1..STD-4, STD-6). */

const COUNTRY_HEADER = 'X-Test-Country';
let server: TestServer;
let owner: Call;
let stranger: Call;
/** Demo Shop's first solution (seed), with the domain demo-shop.com. */
const CS = 1;

const standards = (patch: Partial<{ [K in keyof PrivacyStandards]: Partial<PrivacyStandards[K]> }>): PrivacyStandards => ({
  consentMode: { ...DEFAULT_PRIVACY_STANDARDS.consentMode, ...patch.consentMode },
  gpc: { ...DEFAULT_PRIVACY_STANDARDS.gpc, ...patch.gpc },
  regions: { ...DEFAULT_PRIVACY_STANDARDS.regions, ...patch.regions },
  gpp: { ...DEFAULT_PRIVACY_STANDARDS.gpp, ...patch.gpp },
});

const cdn = (headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/cdn/${CS}/banner.js`, { headers: { 'accept-encoding': 'identity', ...headers } });

beforeAll(async () => {
  // The test plays the CDN, from this machine: a trusted proxy (DEPLOY-2).
  server = await startTestServer({ countryHeader: COUNTRY_HEADER, trustedProxies: ['loopback'] });
  owner = await caller(server.baseUrl, 'owner@demo.test');
  stranger = await caller(server.baseUrl, 'other@demo.test');
});
afterAll(() => server.close());

describe('privacy standards settings', () => {
  it('[STD-1][STD-3][STD-4] a solution starts with the defaults; a valid change is saved and read back', async () => {
    const initial = await owner<PrivacyStandards>('GET', `/consent-solutions/${CS}/standards`);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual(DEFAULT_PRIVACY_STANDARDS);
    expect(initial.body.consentMode.mapping).toEqual({
      ad_storage: 'marketing',
      ad_user_data: 'marketing',
      ad_personalization: 'marketing',
      analytics_storage: 'statistics',
      functionality_storage: 'functional',
      personalization_storage: 'functional',
    });
    const wanted = standards({ consentMode: { enabled: true, mode: 'basic', waitForUpdate: 750 }, regions: { enabled: true, other: 'none' } });
    const saved = await owner<PrivacyStandards>('PUT', `/consent-solutions/${CS}/standards`, wanted);
    expect(saved.status).toBe(200);
    expect((await owner('GET', `/consent-solutions/${CS}/standards`)).body).toEqual(wanted);
  });

  it('[STD-1] bad values are violations on their fields, never 500', async () => {
    const bad = await owner('PUT', `/consent-solutions/${CS}/standards`, {
      ...standards({}),
      consentMode: {
        ...standards({}).consentMode,
        waitForUpdate: -1,
        mode: 'turbo',
        mapping: { ...DEFAULT_PRIVACY_STANDARDS.consentMode.mapping, ad_storage: 'ads' },
      },
      gpc: { enabled: true, saleShareCategories: ['necessary'] },
      regions: { enabled: true, us: 'none', other: 'opt-in' },
    });
    expect(bad.status).toBe(400);
    expect(pairs(bad.body)).toEqual(
      expect.arrayContaining([
        ['consentMode.waitForUpdate', 'validation.wait_for_update_range'],
        ['consentMode.mode', 'validation.invalid_value'],
        ['consentMode.mapping.ad_storage', 'validation.invalid_value'],
        ['gpc.saleShareCategories.0', 'validation.invalid_value'],
        ['regions.us', 'validation.invalid_value'],
      ]),
    );
    expect((await owner('PUT', `/consent-solutions/${CS}/standards`, 'nope')).status).toBe(400);
  });

  it('[STD-1][ROLE-3] another account gets 404, no session 401 (every role: permissionMatrix.test.ts)', async () => {
    expect((await stranger('GET', `/consent-solutions/${CS}/standards`)).status).toBe(404);
    expect((await stranger('PUT', `/consent-solutions/${CS}/standards`, standards({}))).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/consent-solutions/${CS}/standards`)).status).toBe(401);
  });
});

describe('the published banner per region', () => {
  beforeAll(async () => {
    const saved = await owner(
      'PUT',
      `/consent-solutions/${CS}/standards`,
      standards({ consentMode: { enabled: true, mode: 'advanced' }, regions: { enabled: true, us: 'opt-out', other: 'none' } }),
    );
    expect(saved.status).toBe(200);
    expect((await owner('POST', `/consent-solutions/${CS}/publish`, {})).status).toBe(201);
  });

  it('[STD-1] the settings take effect in the published script', async () => {
    const script = await (await cdn({ [COUNTRY_HEADER]: 'FR' })).text();
    expect(script).toContain('"consentMode":{"mode":"advanced"');
    expect(script).toContain('"waitForUpdate":500');
    expect(script).toContain('"saleShare":["marketing"],"honourGpc":true');
  });

  it('[STD-4][DEPLOY-2] the trusted header decides the rule; only the visitor’s browser keeps it (private, varying by it); the address is not needed', async () => {
    const us = await cdn({ [COUNTRY_HEADER]: 'US' });
    const fr = await cdn({ [COUNTRY_HEADER]: 'fr' });
    const br = await cdn({ [COUNTRY_HEADER]: 'BR' });
    expect((await us.text()).endsWith('})({"region":"us","rule":"opt-out"});\n')).toBe(true);
    expect((await fr.text()).endsWith('})({"region":"eu","rule":"opt-in"});\n')).toBe(true);
    expect((await br.text()).endsWith('})({"region":"other","rule":"none"});\n')).toBe(true);
    expect(us.headers.get('vary')).toBe(`Accept-Encoding, Accept-Language, ${COUNTRY_HEADER}`);
    expect(us.headers.get('cache-control')).toBe('private, max-age=60, must-revalidate');
    expect(us.headers.get('etag')).not.toBe(fr.headers.get('etag'));
    const again = await cdn({ [COUNTRY_HEADER]: 'US', 'if-none-match': us.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('[STD-5] the cookie declaration is published with the banner: texts, every cookie, within 6 kB gzip', async () => {
    const res = await fetch(`${server.baseUrl}/cdn/${CS}/declaration.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const script = await res.text();
    expect(script).toContain('The cookie declaration lists every cookie found on this website');
    const cookies = (server.store.state().cookies as { consentSolutionId: number; name: string }[]).filter((c) => c.consentSolutionId === CS);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(script).toContain(JSON.stringify(cookie.name));
    const gzipped = gzipSync(script, { level: 9 }).length;
    console.log(`[STD-5] declaration for ${cookies.length} cookies: ${script.length} B, ${gzipped} B gzip`);
    expect(gzipped).toBeLessThanOrEqual(6_000);
    expect((await fetch(`${server.baseUrl}/cdn/999999/declaration.js`)).status).toBe(404);
  });

  it("[STD-8] only the visitor's language: Accept-Language picks a one-language script; no match gets them all", async () => {
    const solution = (await owner<{ defaultLanguage: string; additionalLanguages: string[] }>('GET', `/consent-solutions/${CS}`)).body;
    const languages = [solution.defaultLanguage, ...solution.additionalLanguages];
    expect(languages.length).toBeGreaterThan(1);
    // The core names the UI files it may load, one per language (the UI itself: the test below).
    const htmlKeys = (script: string): string[] => Object.keys(uiFilesOf(script));
    const other = languages[1] as string;
    const one = await cdn({ [COUNTRY_HEADER]: 'FR', 'accept-language': `xx-YY, ${other}-CA;q=0.9, ${solution.defaultLanguage};q=0.5` });
    const oneScript = await one.text();
    expect(htmlKeys(oneScript)).toEqual([other]);
    const all = await (await cdn({ [COUNTRY_HEADER]: 'FR', 'accept-language': 'xx' })).text();
    expect(htmlKeys(all).sort()).toEqual([...languages].sort());
    expect(oneScript.length).toBeLessThan(all.length);
  });

  it('[STD-8] served gzip or brotli when the browser takes them', async () => {
    const plain = await (await cdn({ [COUNTRY_HEADER]: 'US' })).text();
    const gz = await fetch(`${server.baseUrl}/cdn/${CS}/banner.js`, { headers: { 'accept-encoding': 'gzip', [COUNTRY_HEADER]: 'US' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const brotli = await fetch(`${server.baseUrl}/cdn/${CS}/banner.js`, { headers: { 'accept-encoding': 'gzip, br', [COUNTRY_HEADER]: 'US' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    // fetch decodes both on the way in.
    expect(await gz.text()).toBe(plain);
    expect(await brotli.text()).toBe(plain);
  });

  it('[STD-8] the core is small and loads the UI of one language, cached for good, compressed, the same for every region', async () => {
    const core = await (await cdn({ [COUNTRY_HEADER]: 'US', 'accept-language': 'fr-FR' })).text();
    expect(gzipSync(core, { level: 9 }).length).toBeLessThanOrEqual(12_000);
    expect(core).not.toContain('Nous utilisons des cookies');
    const files = uiFilesOf(core);
    expect(Object.keys(files)).toEqual(['fr']);
    const url = `${server.baseUrl}/cdn/${CS}/${files.fr ?? ''}`;
    const ui = await fetch(`${url}?visitor=us.opt-out`, { headers: { 'accept-encoding': 'br' } });
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-encoding')).toBe('br');
    expect(ui.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(ui.headers.get('vary')).toBe('Accept-Encoding');
    expect(ui.headers.get('access-control-allow-origin')).toBe('*');
    const text = await ui.text();
    expect(text).toContain('Nous utilisons des cookies');
    expect(text).not.toContain('We use cookies');
    expect(await (await fetch(url, { headers: { [COUNTRY_HEADER]: 'FR', 'accept-encoding': 'identity' } })).text()).toBe(text);
    expect((await fetch(url, { headers: { 'if-none-match': ui.headers.get('etag') ?? '' } })).status).toBe(304);
    for (const missing of ['ui/999.fr.js', 'ui/1.xx.js', 'ui/..%2Fbanner.1.js', 'ui/1.fr.css'])
      expect((await fetch(`${server.baseUrl}/cdn/${CS}/${missing}`)).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(405);
  });

  it("[STD-8][STD-4] banner-full.js, the async snippet's: the core with the UI of the visitor's language inside, with the region's rule; no match gets the core that loads it", async () => {
    const full = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/cdn/${CS}/banner-full.js`, { headers: { 'accept-encoding': 'identity', ...headers } });
    const fr = await full({ [COUNTRY_HEADER]: 'US', 'accept-language': 'fr-FR' });
    expect(fr.status).toBe(200);
    expect(fr.headers.get('vary')).toContain('Accept-Language');
    expect(fr.headers.get('cache-control')).toBe('private, max-age=60, must-revalidate');
    const script = await fr.text();
    expect(script).toContain('Nous utilisons des cookies');
    expect(script).not.toContain('We use cookies');
    expect(script).toContain('startEmbedded(');
    expect(script.trimEnd().endsWith('})({"region":"us","rule":"opt-out"});')).toBe(true);
    const core = await (await cdn({ [COUNTRY_HEADER]: 'US', 'accept-language': 'fr-FR' })).text();
    expect(fr.headers.get('etag')).not.toBe((await cdn({ [COUNTRY_HEADER]: 'US', 'accept-language': 'fr-FR' })).headers.get('etag'));
    expect(core).not.toContain('Nous utilisons des cookies');
    expect((await full({ [COUNTRY_HEADER]: 'US', 'accept-language': 'fr-FR', 'if-none-match': fr.headers.get('etag') ?? '' })).status).toBe(304);
    const unmatched = await (await full({ [COUNTRY_HEADER]: 'FR', 'accept-language': 'xx' })).text();
    expect(unmatched).toBe(await (await cdn({ [COUNTRY_HEADER]: 'FR', 'accept-language': 'xx' })).text());
    expect((await fetch(`${server.baseUrl}/cdn/999999/banner-full.js`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/cdn/${CS}/banner-full.js`, { method: 'POST' })).status).toBe(405);
  });

  it('[STD-4] without a trusted header the address decides (geoip-country, on the API), and such answers stay private', async () => {
    expect(headerCountry({ 'x-test-country': 'XX' }, COUNTRY_HEADER)).toBeNull();
    expect(headerCountry({ 'x-test-country': 'de' }, COUNTRY_HEADER)).toBe('DE');
    expect(addressCountry('8.8.8.8')).toBe('US');
    expect(addressCountry('::ffff:127.0.0.1')).toBeNull();
    const plain = await startTestServer({});
    try {
      const other = await caller(plain.baseUrl, 'owner@demo.test');
      await other('PUT', `/consent-solutions/${CS}/standards`, standards({ regions: { enabled: true, other: 'opt-out' } }));
      await other('POST', `/consent-solutions/${CS}/publish`, {});
      const res = await fetch(`${plain.baseUrl}/cdn/${CS}/banner.js`);
      expect(res.headers.get('cache-control')).toBe('private, max-age=60, must-revalidate');
      // 127.0.0.1 is in no country: the rest-of-the-world rule.
      expect((await res.text()).endsWith('})({"region":"other","rule":"opt-out"});\n')).toBe(true);
    } finally {
      await plain.close();
    }
  });
});

describe("a US visitor's state (STD-4)", () => {
  const REGION_HEADER = 'X-Test-Region';
  let withState: TestServer;
  let call: Call;
  beforeAll(async () => {
    withState = await startTestServer({ countryHeader: COUNTRY_HEADER, regionHeader: REGION_HEADER, trustedProxies: ['loopback'] });
    call = await caller(withState.baseUrl, 'owner@demo.test');
    expect((await call('PUT', `/consent-solutions/${CS}/standards`, standards({ regions: { enabled: true, us: 'opt-out', other: 'opt-in' } }))).status).toBe(
      200,
    );
    expect((await call('POST', `/consent-solutions/${CS}/publish`, {})).status).toBe(201);
  });
  afterAll(() => withState.close());
  const core = (headers: Record<string, string>) =>
    fetch(`${withState.baseUrl}/cdn/${CS}/banner.js`, { headers: { 'accept-encoding': 'identity', ...headers } });

  it("[STD-4] comes from the trusted CDN's region header, reaches the banner with the rule, and the browser's cache varies by it", async () => {
    const ca = await core({ [COUNTRY_HEADER]: 'US', [REGION_HEADER]: 'CA' });
    expect((await ca.text()).endsWith('})({"region":"us","rule":"opt-out","state":"US-CA"});\n')).toBe(true);
    expect(ca.headers.get('vary')).toBe(`Accept-Encoding, Accept-Language, ${COUNTRY_HEADER}, ${REGION_HEADER}`);
    const ny = await core({ [COUNTRY_HEADER]: 'US', [REGION_HEADER]: 'us-ny' });
    expect((await ny.text()).endsWith('})({"region":"us","rule":"opt-out","state":"US-NY"});\n')).toBe(true);
    expect(ny.headers.get('etag')).not.toBe(ca.headers.get('etag'));
    // Not a state, or not a US visitor: no state at all.
    expect((await (await core({ [COUNTRY_HEADER]: 'US', [REGION_HEADER]: 'California' })).text()).endsWith('})({"region":"us","rule":"opt-out"});\n')).toBe(
      true,
    );
    expect((await (await core({ [COUNTRY_HEADER]: 'FR', [REGION_HEADER]: 'CA' })).text()).endsWith('})({"region":"eu","rule":"opt-in"});\n')).toBe(true);
  });

  it('[STD-4] the record keeps the rule with the state; anything else is a violation', async () => {
    const send = (regionRule: string) =>
      fetch(`${withState.baseUrl}/consent/${CS}/records`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
        body: JSON.stringify({
          anonymousId: '0f8e3c1a-1b2c-4d5e-8f90-a1b2c3d4e5f7',
          categories: ['necessary'],
          consentVersion: 1,
          language: 'en',
          action: 'opt-out',
          regionRule,
        }),
      });
    const res = await send('opt-out US-CA');
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await call('GET', `/consent-records/${id}`)).body).toMatchObject({ id, regionRule: 'opt-out US-CA' });
    for (const bad of ['opt-out US-California', 'US-CA', 'opt-out FR-75']) {
      const refused = await send(bad);
      expect(refused.status).toBe(400);
      expect(pairs(await refused.json()).map(([path]) => path)).toContain('regionRule');
    }
  });
});

describe('consent records of the standards', () => {
  const send = (body: unknown) =>
    fetch(`${server.baseUrl}/consent/${CS}/records`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
      body: JSON.stringify(body),
    });
  const base = { anonymousId: '0f8e3c1a-1b2c-4d5e-8f90-a1b2c3d4e5f6', categories: ['functional', 'statistics'], consentVersion: 1, language: 'en' };

  it('[STD-3][STD-4][STD-6] a record keeps gpc and the region rule (never the address); its id is the consent id the proof look-up finds; the report counts GPC decisions', async () => {
    const res = await send({ ...base, action: 'gpc', gpc: true, regionRule: 'opt-out' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const proof = await owner<Record<string, unknown>>('GET', `/consent-records/${id}`);
    expect(proof.body).toMatchObject({ id, action: 'gpc', gpc: true, regionRule: 'opt-out' });
    expect(JSON.stringify(proof.body)).not.toContain('127.0.0.1');
    const found = await owner<{ id: string }[]>('GET', `/consent-records?q=${id}`);
    expect(found.body.map((r) => r.id)).toContain(id);

    const plain = await send({ ...base, action: 'accept' });
    const plainId = ((await plain.json()) as { id: string }).id;
    expect((await owner('GET', `/consent-records/${plainId}`)).body).toMatchObject({ gpc: false, regionRule: 'opt-in' });

    const report = await owner<{ totals: { underGpc: number; gpc: number; decisions: number } }>('GET', `/reports/compliance?consentSolutionId=${CS}`);
    expect(report.body.totals.underGpc).toBe(1);
    expect(report.body.totals.gpc).toBe(1);
  });

  it('[STD-3][STD-4] bad gpc or rule values are violations', async () => {
    const bad = await send({ ...base, action: 'accept', gpc: 'yes', regionRule: 'everywhere' });
    expect(bad.status).toBe(400);
    expect(pairs(await bad.json()).map(([path]) => path)).toEqual(expect.arrayContaining(['gpc', 'regionRule']));
  });
});

describe('the IAB GPP and GPC support resource on the CDN', () => {
  const publish = async (patch: Parameters<typeof standards>[0]) => {
    expect((await owner('PUT', `/consent-solutions/${CS}/standards`, standards(patch))).status).toBe(200);
    const published = await owner<{ version: number }>('POST', `/consent-solutions/${CS}/publish`, {});
    expect(published.status).toBe(201);
    return published.body.version;
  };

  it('[STD-13][STD-15] with GPP on, the core starts with the GPP stub and the GPP module is its own file, cached for good; off, neither; gpc.json says what the banner published honours', async () => {
    const version = await publish({ gpp: { enabled: true }, regions: { enabled: true }, gpc: { enabled: true } });
    const core = await (await cdn({ [COUNTRY_HEADER]: 'US' })).text();
    expect(core).toContain('__gppLocator');
    const module = await fetch(`${server.baseUrl}/cdn/${CS}/gpp/${version}.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(module.status).toBe(200);
    expect(module.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(module.headers.get('access-control-allow-origin')).toBe('*');
    const moduleText = await module.text();
    expect(moduleText).toContain('"usApproach":"state"');
    expect(moduleText).toContain('"saleShare":["marketing"]');
    // The IAB's library is loaded only where a section applies, never with the core.
    expect(core).not.toContain('"usApproach"');
    expect(gzipSync(core).length).toBeLessThan(12 * 1024);

    const gpc = await fetch(`${server.baseUrl}/cdn/${CS}/.well-known/gpc.json`);
    expect(gpc.status).toBe(200);
    expect(gpc.headers.get('content-type')).toMatch(/^application\/json/);
    const support = (await gpc.json()) as { gpc: boolean; lastUpdate: string };
    expect(support).toEqual({ gpc: true, lastUpdate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });
    expect(Number.isNaN(Date.parse(support.lastUpdate))).toBe(false);

    const off = await publish({ gpp: { enabled: false }, regions: { enabled: true }, gpc: { enabled: false } });
    expect(await (await cdn({ [COUNTRY_HEADER]: 'US' })).text()).not.toContain('__gppLocator');
    expect((await fetch(`${server.baseUrl}/cdn/${CS}/gpp/${off}.js`)).status).toBe(404);
    expect(((await (await fetch(`${server.baseUrl}/cdn/${CS}/.well-known/gpc.json`)).json()) as { gpc: boolean }).gpc).toBe(false);
    expect((await fetch(`${server.baseUrl}/cdn/999999/.well-known/gpc.json`)).status).toBe(404);
    await publish({});
  });

  it('[STD-13][STD-14][DEPLOY-5] a record keeps the GPP string, its sections and the AC string, shown in the proof; malformed ones are violations; none where the banner has GPP off', async () => {
    await publish({ gpp: { enabled: true }, regions: { enabled: true }, gpc: { enabled: true } });
    const model = new GppModel();
    model.setFieldValue('usca', 'SaleOptOutNotice', 1);
    model.setFieldValue('usca', 'SaleOptOut', 1);
    const gppString = model.encode();
    const send = (extra: Record<string, unknown>) =>
      fetch(`${server.baseUrl}/consent/${CS}/records`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
        body: JSON.stringify({
          anonymousId: '0f8e3c1a-1b2c-4d5e-8f90-a1b2c3d4e5f8',
          categories: ['necessary', 'functional', 'statistics'],
          consentVersion: 1,
          language: 'en',
          action: 'opt-out',
          regionRule: 'opt-out US-CA',
          ...extra,
        }),
      });
    const res = await send({ gppString, gppSid: [8], acString: '2~89~dv.1097' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const proof = await owner<{ gppString: string; gppSid: number[]; acString: string }>('GET', `/consent-records/${id}`);
    expect(proof.body).toMatchObject({ gppString, gppSid: [8], acString: '2~89~dv.1097' });
    expect(new GppModel(proof.body.gppString).getFieldValue('usca', 'SaleOptOut')).toBe(1);
    const plain = await send({});
    const plainId = ((await plain.json()) as { id: string }).id;
    expect((await owner('GET', `/consent-records/${plainId}`)).body).toMatchObject({ gppString: null, gppSid: null, acString: null });

    const bad = await send({ gppString: 'DBABL~<script>', gppSid: [0, 'x'], acString: '3~1' });
    expect(bad.status).toBe(400);
    expect(pairs(await bad.json()).map(([path]) => path)).toEqual(expect.arrayContaining(['gppString', 'gppSid.0', 'gppSid.1', 'acString']));

    // A banner published with GPP off never sends a GPP string: one posted anyway is forged.
    await publish({});
    const forged = await send({ gppString, gppSid: [8] });
    expect(forged.status).toBe(400);
    expect(pairs(await forged.json())).toEqual(
      expect.arrayContaining([
        ['gppString', 'validation.gpp_string_without_gpp'],
        ['gppSid', 'validation.gpp_string_without_gpp'],
      ]),
    );
  });
});
