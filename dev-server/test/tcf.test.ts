import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TcfSettingsState, VendorList, VendorListSummary } from '../../src/schemas/tcf';
import { createAcProviderSource } from '../tcf/acProviderSource';
import { createGvlSource } from '../tcf/gvlSource';
import { tcfSettingsRows } from '../tcf/tcfSettings';
import { caller, createBody, pairs, SEED, type Call } from './consentApi';
import { shippedTranslation, shippedVendorList, startGvlFixtureServer, type GvlFixtureServer } from './gvlFixtureServer';
import { publishedBannerText } from './publishedBanner';
import { startTestServer, type TestServer } from './startTestServer';
import { subscribeBody, VALID_BILLING } from './subscriptionFixtures';

let server: TestServer;
let owner: Call;
let other: Call;
let demo: Call;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  other = await caller(server.baseUrl, 'other@demo.test');
  demo = await caller(server.baseUrl, 'demo@demo.test');
});
afterAll(() => server.close());

const newerList = (version: number, change: (list: VendorList) => void = () => undefined): VendorList => {
  const list = structuredClone(shippedVendorList());
  list.vendorListVersion = version;
  change(list);
  return list;
};

describe('the Global Vendor List', () => {
  it('[TCF-3] the shipped list is a v3 GVL of policy 4 or later with every declaration, served to a session only', async () => {
    expect((await fetch(`${server.baseUrl}/tcf/vendor-list`)).status).toBe(401);
    const res = await owner<VendorListSummary>('GET', '/tcf/vendor-list');
    expect(res.status).toBe(200);
    const list = res.body;
    expect(list.gvlSpecificationVersion).toBe(3);
    expect(list.tcfPolicyVersion).toBeGreaterThanOrEqual(4);
    expect(Object.keys(list.purposes)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(Object.keys(list.specialPurposes).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(list.features).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(list.specialFeatures)).toEqual(['1', '2']);
    expect(Object.keys(list.stacks).length).toBeGreaterThan(0);
    expect(Object.keys(list.dataCategories).length).toBeGreaterThan(0);
    expect(list.vendorCount).toBe(12);
    expect(list.languages).toEqual(['en', 'de', 'fr']);
    expect(list.lastRefreshError).toBeNull();
    expect(list.purposes['1']?.name).toBe('Store and/or access information on a device');
    const french = await owner<VendorListSummary>('GET', '/tcf/vendor-list?language=fr');
    expect(french.body.purposes['1']?.name).toBe('Stocker et/ou accéder à des informations sur un appareil');
    expect(french.body.specialFeatures['1']?.name).toBe('Utiliser des données de géolocalisation précises');
    // I18N-1: the IAB's own German purpose texts ship with the list.
    expect((await owner<VendorListSummary>('GET', '/tcf/vendor-list?language=de')).body.purposes['1']?.name).toBe(
      'Speichern von oder Zugriff auf Informationen auf einem Endgerät',
    );
    expect((await owner<VendorListSummary>('GET', '/tcf/vendor-list?language=it')).body.purposes['1']?.name).toBe(
      'Store and/or access information on a device',
    );
    expect((await owner('GET', '/tcf/vendor-list?language=<b>')).status).toBe(400);
    expect((await owner('GET', '/tcf/vendor-list?_embed=vendors')).status).toBe(400);
  });

  it('[TCF-3] vendors are paged, sorted by name and searchable by name or id', async () => {
    const page = await owner<{ id: number; name: string; purposes: number[]; dataRetention: unknown; urls: unknown[] }[]>(
      'GET',
      '/tcf/vendors?_page=1&_limit=5',
    );
    expect(page.status).toBe(200);
    expect(page.total).toBe(12);
    expect(page.body).toHaveLength(5);
    const names = page.body.map((v) => v.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(page.body[0]).toMatchObject({ purposes: expect.any(Array), dataRetention: expect.any(Object), urls: expect.any(Array) });
    const search = await owner<{ name: string }[]>('GET', '/tcf/vendors?q=analytics');
    expect(search.body.map((v) => v.name)).toEqual(['Bluebird Analytics']);
    const byId = await owner<{ id: number }[]>('GET', '/tcf/vendors?q=755');
    expect(byId.body.map((v) => v.id)).toEqual([755]);
    expect((await owner('GET', '/tcf/vendors?_embed=x')).status).toBe(400);
  });

  describe('refresh from a URL', () => {
    let remote: GvlFixtureServer;
    beforeAll(async () => {
      remote = await startGvlFixtureServer();
    });
    afterAll(() => remote.close());

    it('[TCF-3] takes a newer valid list and its translation, and keeps the last good one when a refresh fails or is invalid', async () => {
      remote.set('vendor-list.json', { json: newerList(141) });
      remote.set('purposes-fr.json', { json: shippedTranslation('fr') });
      const source = createGvlSource({ url: remote.url });
      expect(source.current().list.vendorListVersion).toBe(140);
      await source.start();
      expect(source.current().list.vendorListVersion).toBe(141);
      expect(source.current().source).toBe('remote');
      expect(source.lastRefreshError()).toBeNull();

      const failures: [string, Parameters<GvlFixtureServer['set']>[1]][] = [
        ['server error', { status: 503 }],
        ['not JSON', { raw: '{"vendors": ' }],
        ['policy 3 (TCF 2.1)', { json: newerList(142, (list) => Object.assign(list, { tcfPolicyVersion: 3 })) }],
        ['v2 format', { json: newerList(142, (list) => Object.assign(list, { gvlSpecificationVersion: 2 })) }],
        ['a purpose missing', { json: newerList(142, (list) => delete list.purposes['11']) }],
        ['older version', { json: newerList(139) }],
      ];
      for (const [what, answer] of failures) {
        remote.set('vendor-list.json', answer);
        expect(await source.refresh(), what).toBe(false);
        expect(source.current().list.vendorListVersion, what).toBe(141);
        expect(source.lastRefreshError(), what).toEqual(expect.any(String));
      }
      source.close();
    });

    it('[TCF-3] refreshes again on its schedule', async () => {
      remote.set('vendor-list.json', { json: newerList(143) });
      remote.set('purposes-fr.json', { json: shippedTranslation('fr') });
      const source = createGvlSource({ url: remote.url, refreshMs: 50 });
      try {
        await source.start();
        expect(source.current().list.vendorListVersion).toBe(143);
        remote.set('vendor-list.json', { json: newerList(144) });
        await expect.poll(() => source.current().list.vendorListVersion, { timeout: 5_000 }).toBe(144);
      } finally {
        source.close();
      }
    });

    it('[TCF-3] the dev API refreshes at start from its configured URL and reports a failed refresh while serving the kept list', async () => {
      remote.set('vendor-list.json', { json: newerList(150, (list) => delete list.vendors['57']) });
      remote.set('purposes-fr.json', { json: shippedTranslation('fr') });
      const api = await startTestServer({ gvl: { url: remote.url } });
      try {
        const call = await caller(api.baseUrl, 'owner@demo.test');
        await expect.poll(async () => (await call<VendorListSummary>('GET', '/tcf/vendor-list')).body.vendorListVersion).toBe(150);
        expect((await call<VendorListSummary>('GET', '/tcf/vendor-list')).body.vendorCount).toBe(11);
        remote.set('vendor-list.json', { status: 500 });
        expect(await api.context.gvl.refresh()).toBe(false);
        const after = await call<VendorListSummary>('GET', '/tcf/vendor-list');
        expect(after.body.vendorListVersion).toBe(150);
        expect(after.body.lastRefreshError).toContain('500');
      } finally {
        await api.close();
      }
    });
  });
});

describe('TCF settings of a consent solution', () => {
  const solution = 1;
  const path = `/consent-solutions/${solution}/tcf`;
  const valid = {
    enabled: true,
    publisherCountryCode: 'FR',
    purposeOneTreatment: false,
    vendors: [
      { id: 3, legIntPurposes: [7, 10] },
      { id: 8, legIntPurposes: [9] },
    ],
    publisherRestrictions: [{ vendorId: 3, purposeId: 2, restriction: 'require-consent' }],
    acProviders: [35],
  };

  it('[TCF-4] TCF is off by default', async () => {
    const res = await owner<TcfSettingsState>('GET', `/consent-solutions/2/tcf`);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      enabled: false,
      publisherCountryCode: '',
      purposeOneTreatment: false,
      vendors: [],
      publisherRestrictions: [],
      acProviders: [],
    });
    expect(res.body.publishedGvlVersion).toBeNull();
  });

  it('[TCF-5] the publisher country is never a made-up code: the billing country when known, else empty and required to switch TCF on', async () => {
    const otherPath = `/consent-solutions/${SEED.otherSolution}/tcf`;
    expect((await other<TcfSettingsState>('GET', otherPath)).body.settings.publisherCountryCode).toBe('');
    const refused = await other('PUT', otherPath, { ...valid, publisherCountryCode: '' });
    expect([refused.status, pairs(refused.body)]).toEqual([400, [['publisherCountryCode', 'validation.tcf_country_required']]]);
    // Off, no country is needed (the field stays empty until the customer chooses).
    expect((await other('PUT', otherPath, { ...valid, enabled: false, publisherCountryCode: '' })).status).toBe(200);
    const subscribed = await other(
      'POST',
      '/subscriptions',
      subscribeBody({ billing: { ...VALID_BILLING, country: 'BE', phonePrefix: '+32', phoneNumber: '470 12 34 56', vatNumber: 'BE0417497106' } }),
    );
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBeLessThan(300);
    // Saved settings keep what the customer chose; a solution that never saved them is offered the billing country.
    expect((await other<TcfSettingsState>('GET', otherPath)).body.settings.publisherCountryCode).toBe('');
    const created = await other<{ id: number }>('POST', '/consent-solutions', createBody('tcf-country.com'));
    expect(created.status).toBe(201);
    expect((await other<TcfSettingsState>('GET', `/consent-solutions/${created.body.id}/tcf`)).body.settings.publisherCountryCode).toBe('BE');
  });

  it('[TCF-4] saves vendors, legitimate interests and restrictions chosen from the GVL', async () => {
    const res = await owner<TcfSettingsState>('PUT', path, valid);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(valid);
    expect((await owner<TcfSettingsState>('GET', path)).body.settings).toEqual(valid);
  });

  it('[TCF-4] refuses unknown vendors, forbidden or undeclared legitimate interests and bad restrictions with violations', async () => {
    const unknown = await owner('PUT', path, { ...valid, vendors: [...valid.vendors, { id: 9999, legIntPurposes: [] }] });
    expect(unknown.status).toBe(400);
    expect(pairs(unknown.body)).toEqual([['vendors.2.id', 'validation.tcf_vendor_unknown']]);

    const provider = await owner('PUT', path, { ...valid, acProviders: [35, 9999, 35] });
    expect(provider.status).toBe(400);
    expect(pairs(provider.body)).toEqual([['acProviders.2', 'validation.tcf_vendor_duplicate']]);
    const unlisted = await owner('PUT', path, { ...valid, acProviders: [35, 9999] });
    expect(pairs(unlisted.body)).toEqual([['acProviders.1', 'validation.tcf_ac_provider_unknown']]);

    const forbidden = await owner('PUT', path, { ...valid, vendors: [{ id: 23, legIntPurposes: [2, 3] }], publisherRestrictions: [] });
    expect(forbidden.status).toBe(400);
    expect(pairs(forbidden.body)).toEqual([['vendors.0.legIntPurposes.1', 'validation.tcf_li_purpose_not_allowed']]);

    const undeclared = await owner('PUT', path, { ...valid, vendors: [{ id: 15, legIntPurposes: [7] }], publisherRestrictions: [] });
    expect(pairs(undeclared.body)).toEqual([['vendors.0.legIntPurposes.0', 'validation.tcf_li_purpose_not_declared']]);

    const malformed = await owner('PUT', path, { ...valid, publisherRestrictions: [{ vendorId: 3, purposeId: 12, restriction: 'forbid' }] });
    expect(pairs(malformed.body)).toEqual([
      ['publisherRestrictions.0.purposeId', 'validation.tcf_purpose_invalid'],
      ['publisherRestrictions.0.restriction', 'validation.tcf_restriction_invalid'],
    ]);
    const notChosen = await owner('PUT', path, {
      ...valid,
      publisherRestrictions: [
        ...valid.publisherRestrictions,
        { vendorId: 42, purposeId: 2, restriction: 'not-allowed' },
        { vendorId: 3, purposeId: 2, restriction: 'not-allowed' },
      ],
    });
    expect(pairs(notChosen.body)).toEqual([
      ['publisherRestrictions.1.vendorId', 'validation.tcf_restriction_vendor_not_chosen'],
      ['publisherRestrictions.2.purposeId', 'validation.tcf_restriction_duplicate'],
    ]);
    const country = await owner('PUT', path, { ...valid, publisherCountryCode: 'france' });
    expect(pairs(country.body)).toEqual([['publisherCountryCode', 'validation.tcf_country_invalid']]);
    expect((await owner<TcfSettingsState>('GET', path)).body.settings).toEqual(valid);
  });

  it('[TCF-4] deleting a consent solution deletes its TCF settings', async () => {
    const created = await owner<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', createBody('tcf-short-lived.com'));
    expect(created.status).toBe(201);
    expect((await owner('PUT', `/consent-solutions/${created.body.id}/tcf`, valid)).status).toBe(200);
    expect(tcfSettingsRows(server.store).some((row) => row.consentSolutionId === created.body.id)).toBe(true);
    expect((await owner('DELETE', `/domains/${created.body.domains[0]?.id}`)).status).toBe(204);
    expect((await owner('DELETE', `/consent-solutions/${created.body.id}`)).status).toBe(204);
    expect(tcfSettingsRows(server.store).some((row) => row.consentSolutionId === created.body.id)).toBe(false);
    expect((await owner('GET', `/consent-solutions/${created.body.id}/tcf`)).status).toBe(404);
  });

  it('[TCF-4] checks the caller: another account gets 404, the read-only demo 403', async () => {
    expect((await other('GET', path)).status).toBe(404);
    expect((await other('PUT', path, valid)).status).toBe(404);
    expect((await demo('PUT', `/consent-solutions/${SEED.otherSolution}/tcf`, valid)).status).toBe(404);
    const demoSolutions = await demo<{ id: number }[]>('GET', '/consent-solutions');
    const own = demoSolutions.body[0];
    if (own) expect((await demo('PUT', `/consent-solutions/${own.id}/tcf`, valid)).status).toBe(403);
  });
});

describe('publishing with TCF', () => {
  interface PublicationJson {
    version: number;
    tcf: { gvlVersion: number; tcfPolicyVersion: number; consentGvlVersion: number; vendorSignatures: Record<string, string> } | null;
  }
  let remote: GvlFixtureServer;
  let api: TestServer;
  let call: Call;
  beforeAll(async () => {
    remote = await startGvlFixtureServer();
    remote.set('vendor-list.json', { json: shippedVendorList() });
    remote.set('purposes-fr.json', { json: shippedTranslation('fr') });
    api = await startTestServer({ gvl: { url: remote.url } });
    call = await caller(api.baseUrl, 'owner@demo.test');
  });
  afterAll(async () => {
    await api.close();
    await remote.close();
  });

  const settings = {
    enabled: true,
    publisherCountryCode: 'FR',
    purposeOneTreatment: false,
    vendors: [
      { id: 3, legIntPurposes: [] },
      { id: 8, legIntPurposes: [] },
      { id: 57, legIntPurposes: [] },
    ],
    publisherRestrictions: [],
  };

  it('[TCF-4] the TCF module and the stub are in the published banner only when TCF is on', async () => {
    expect((await call<PublicationJson>('POST', '/consent-solutions/3/publish', {})).body.tcf).toBeNull();
    const off = await publishedBannerText(api.baseUrl, 3);
    expect(off).not.toContain('__tcfapiLocator');
    expect((await call('PUT', '/consent-solutions/3/tcf', settings)).status).toBe(200);
    expect((await call('POST', '/consent-solutions/3/publish', {})).status).toBe(201);
    const on = await publishedBannerText(api.baseUrl, 3);
    expect(on).toContain('__tcfapiLocator');
    expect(on).toContain('Foxglove Measurement');
    expect(on).not.toContain('Lantern Search Ads');
    const stub = await fetch(`${api.baseUrl}/cdn/tcf-stub.js`);
    expect(stub.status).toBe(200);
    expect(stub.headers.get('content-type')).toContain('javascript');
    expect(await stub.text()).toContain('__tcfapiLocator');
  });

  it('[TCF-3] the publication pins its GVL version; a newer list shows which chosen vendors changed or left, and the next publication asks again', async () => {
    expect((await call('PUT', '/consent-solutions/1/tcf', settings)).status).toBe(200);
    const first = await call<PublicationJson>('POST', '/consent-solutions/1/publish', {});
    expect(first.status).toBe(201);
    expect(first.body.tcf).toMatchObject({ gvlVersion: 140, consentGvlVersion: 140, tcfPolicyVersion: 5 });
    expect(Object.keys(first.body.tcf?.vendorSignatures ?? {})).toEqual(['3', '8', '57']);
    const before = await call<TcfSettingsState>('GET', '/consent-solutions/1/tcf');
    expect(before.body).toMatchObject({ publishedGvlVersion: 140, currentGvlVersion: 140, changedVendorIds: [], departedVendorIds: [] });

    // Only vendor 3's name changes: nothing that consent depends on.
    remote.set('vendor-list.json', { json: newerList(141, (list) => Object.assign(list.vendors['3'] ?? {}, { name: 'Northwind Exchange' })) });
    expect(await api.context.gvl.refresh()).toBe(true);
    expect((await call<TcfSettingsState>('GET', '/consent-solutions/1/tcf')).body).toMatchObject({
      currentGvlVersion: 141,
      changedVendorIds: [],
      departedVendorIds: [],
    });
    expect((await call<PublicationJson>('POST', '/consent-solutions/1/publish', {})).body.tcf).toMatchObject({ gvlVersion: 141, consentGvlVersion: 140 });

    remote.set('vendor-list.json', {
      json: newerList(142, (list) => {
        Object.assign(list.vendors['8'] ?? {}, { purposes: [1, 8, 9] });
        delete list.vendors['57'];
      }),
    });
    expect(await api.context.gvl.refresh()).toBe(true);
    const after = await call<TcfSettingsState>('GET', '/consent-solutions/1/tcf');
    expect(after.body).toMatchObject({ publishedGvlVersion: 141, currentGvlVersion: 142, changedVendorIds: [8], departedVendorIds: [57] });
    const next = await call<PublicationJson>('POST', '/consent-solutions/1/publish', {});
    expect(next.body.tcf).toMatchObject({ gvlVersion: 142, consentGvlVersion: 142 });
    expect(Object.keys(next.body.tcf?.vendorSignatures ?? {})).toEqual(['3', '8']);
  });

  it('[STD-11][STD-14] a published banner learns the list version held now from the CDN, which serves that list for its choice at an immutable URL', async () => {
    // Vendor 57 left the list in the test before.
    expect((await call('PUT', '/consent-solutions/2/tcf', { ...settings, vendors: settings.vendors.slice(0, 2), acProviders: [35] })).status).toBe(200);
    const published = await call<PublicationJson>('POST', '/consent-solutions/2/publish', {});
    const held = published.body.tcf?.gvlVersion ?? 0;
    const script = async () => fetch(`${api.baseUrl}/cdn/2/banner-full.js`, { headers: { 'accept-language': 'en' } });
    const before = await script();
    expect(await before.text()).toContain(`"gvlVersion":${held}}`);
    const listUrl = (gvlVersion: number, language = 'en') => `${api.baseUrl}/cdn/2/gvl/${published.body.version}.${gvlVersion}.${language}.json`;
    expect((await fetch(listUrl(held))).status).toBe(200);

    // A week later: vendor 3 declares one more consent purpose; nobody republishes.
    remote.set('vendor-list.json', { json: newerList(held + 1, (list) => Object.assign(list.vendors['3'] ?? {}, { purposes: [1, 2, 3, 4, 7] })) });
    expect(await api.context.gvl.refresh()).toBe(true);
    const after = await script();
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(await after.text()).toContain(`"gvlVersion":${held + 1}}`);
    const current = await fetch(listUrl(held + 1, 'fr'), { headers: { origin: 'https://shop.example' } });
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(current.headers.get('access-control-allow-origin')).toBe('*');
    const update = (await current.json()) as {
      gvl: VendorList;
      translations: Record<string, { purposes: Record<string, { name: string }> }>;
      vendors: { id: number }[];
      consentGvlVersion: number;
      acProviders: { id: number; name: string }[];
    };
    expect(update.gvl.vendorListVersion).toBe(held + 1);
    expect(Object.keys(update.gvl.vendors)).toEqual(['3', '8']);
    expect(update.gvl.vendors['3']?.purposes).toEqual([1, 2, 3, 4, 7]);
    expect(update.vendors.map((v) => v.id)).toEqual([3, 8]);
    // Stored strings made before vendor 3 changed are asked again; the visitors never saw that purpose.
    expect(update.consentGvlVersion).toBe(held + 1);
    expect(update.translations.fr?.purposes['1']?.name).toBe('Stocker et/ou accéder à des informations sur un appareil');
    expect(update.acProviders).toEqual([{ id: 35, name: 'Saltmarsh Measurement', policyUrl: 'https://saltmarsh.example/privacy' }]);
    // Only the version held is served; a solution without TCF has none.
    expect((await fetch(listUrl(held))).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/cdn/3/gvl/1.${held + 1}.en.json`)).status).toBe(404);
  });
});

describe("Google's Additional Consent providers", () => {
  it('[STD-14] the shipped list is served to a session, sorted by name and searchable; a refresh takes a newer list and a failed one keeps the last good', async () => {
    expect((await fetch(`${server.baseUrl}/tcf/ac-providers`)).status).toBe(401);
    const all = await owner<{ id: number; name: string; policyUrl: string }[]>('GET', '/tcf/ac-providers');
    expect(all.body.map((p) => p.name)).toEqual(['Harbor Lane Media', 'Juniper Bid Exchange', 'Quillfeather Ads', 'Saltmarsh Measurement']);
    expect((await owner<{ id: number }[]>('GET', '/tcf/ac-providers?q=35')).body.map((p) => p.id)).toEqual([35]);

    const remote = await startGvlFixtureServer();
    const source = createAcProviderSource({ url: `${remote.url}additional-consent-providers.csv` });
    try {
      remote.set('additional-consent-providers.csv', {
        raw: 'provider_id,provider_name,policy_url,domains\n7,"Ash, Birch & Co",https://ash.example/p,ash.example\n',
      });
      await source.start();
      expect([...source.current().providers.values()]).toEqual([
        { id: 7, name: 'Ash, Birch & Co', policyUrl: 'https://ash.example/p', domains: 'ash.example' },
      ]);
      remote.set('additional-consent-providers.csv', { status: 503 });
      expect(await source.refresh()).toBe(false);
      expect(source.current().providers.has(7)).toBe(true);
      expect(source.lastRefreshError()).toContain('503');
    } finally {
      source.close();
      await remote.close();
    }
  });
});
