import { TCString, type Vector } from '@iabtcf/core';
import { CmpApiModel } from '@iabtcf/cmpapi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TcfSettings, VendorList } from '../../../src/schemas/tcf';
import { createAcProviderSource } from '../../../dev-server/tcf/acProviderSource';
import { createGvlSource, type GvlSnapshot } from '../../../dev-server/tcf/gvlSource';
import { pinFor, tcfBundle, tcfListUpdate } from '../../../dev-server/tcf/tcfBundle';
import type { BannerConfig, ConsentApi, RuntimeTexts, TemplateFunctions, Visitor } from '../config';
import type { TcfBundle } from './tcfConfig';

/**
 * The CMP API as the IAB's CMP API v2.2 document defines it (jsdom; e2e/standardsDocuments.test.ts
 * in Chromium): what `ping`, TCData and the events say in every region (STD-10), while the UI
 * shows (STD-12), with Google's Additional Consent (STD-14) and with a newer vendor list than
 * the one published (STD-11). The strings are decoded by @iabtcf/core.
 */

type Answer = Record<string, unknown>;
type TcfApi = (command: string, version: number, callback: (data: unknown, success: boolean) => void, parameter?: unknown) => void;
declare global {
  interface Window {
    __tcfapi?: TcfApi;
  }
}

const gvl = createGvlSource().current();
const acProviders = createAcProviderSource().current().providers;
const settings: TcfSettings = {
  enabled: true,
  publisherCountryCode: 'FR',
  purposeOneTreatment: false,
  vendors: [
    { id: 3, legIntPurposes: [7, 10] },
    { id: 8, legIntPurposes: [9] },
  ],
  publisherRestrictions: [],
  acProviders: [],
};
const pin = pinFor(settings, gvl, null);
const bundleOf = (s: TcfSettings = settings): TcfBundle => tcfBundle(s, gvl, ['en'], 300, pinFor(s, gvl, null), { acProviders, listPath: '/cdn/9/gvl/1' });

const TEXTS: RuntimeTexts = {
  gpcApplied: 'GPC applied',
  optOutNotice: 'We use cookies',
  doNotSell: 'Do not sell or share my personal information',
  settings: 'Cookie settings',
  consentId: 'Consent ID',
};
const config: BannerConfig = {
  consentSolutionId: 9,
  version: 1,
  consentVersion: 1,
  defaultLanguage: 'en',
  html: { en: '<section><button data-consent-action="decline">Decline</button><button data-consent-action="accept">Accept</button></section>' },
  toggleLabels: { en: { show: 'Show', hide: 'Hide' } },
  categories: ['necessary', 'functional', 'statistics', 'marketing'],
  css: '',
  site: { autoblocking: false, sharedConsent: false, sharedDomains: [] },
  saleShare: ['marketing'],
  honourGpc: true,
  texts: { en: TEXTS },
};
const showHide: TemplateFunctions = {
  js: () => undefined,
  displayFunction: (root) => {
    root.hidden = false;
  },
  hideFunction: (root) => {
    root.hidden = true;
  },
};

const api = (): TcfApi => {
  if (!window.__tcfapi) throw new Error('no __tcfapi');
  return window.__tcfapi;
};
const call = (command: string, parameter?: unknown): Answer => {
  let answer: unknown;
  api()(command, 2, (data) => (answer = data), parameter);
  return answer as Answer;
};
const ids = (vector: Vector): number[] => {
  const out: number[] = [];
  vector.forEach((value, id) => {
    if (value) out.push(id);
  });
  return out;
};
const root = (): HTMLElement => document.getElementById('cm-banner') as HTMLElement;
const cookie = (name: string): string | undefined => {
  const value = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`))?.[1];
  return value === undefined ? undefined : decodeURIComponent(value);
};

/** The page as a vendor's script sees it: the stub first, a listener, then the banner with TCF. */
const load = async (bundle: TcfBundle, visitor: Visitor | null = null): Promise<{ banner: ConsentApi; events: Answer[] }> => {
  vi.resetModules();
  CmpApiModel.reset();
  const { installTcfStub } = await import('./installTcfStub');
  installTcfStub();
  const events: Answer[] = [];
  api()('addEventListener', 2, (data, success) => {
    if (success) events.push(data as Answer);
  });
  const tcf = await import('./tcf');
  const { start } = await import('../banner');
  const banner = start(config, showHide, visitor, tcf.start(bundle));
  // The UI mounts once the addon loaded (a task when nothing is to fetch).
  await vi.waitFor(() => expect(root()).not.toBeNull());
  return { banner, events };
};

beforeEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.__tcfapi;
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the CMP API while the UI shows (STD-12)', () => {
  it("[STD-12] the stub's ping has apiVersion; cmpuishown carries a string with the surfaced vendors' legitimate interests set and no consent; ping has the list's versions and apiVersion 2.2", async () => {
    vi.resetModules();
    const { installTcfStub } = await import('./installTcfStub');
    installTcfStub();
    expect(call('ping')).toMatchObject({ cmpLoaded: false, cmpStatus: 'stub', apiVersion: '2.2' });

    const { events } = await load(bundleOf());
    expect(root().hidden).toBe(false);
    expect(events.map((e) => e.eventStatus)).toEqual(['cmpuishown']);
    const shown = TCString.decode(String(events[0]?.tcString));
    expect(ids(shown.vendorLegitimateInterests)).toEqual([3, 8]);
    expect(ids(shown.purposeLegitimateInterests)).toEqual([7, 9, 10]);
    expect(ids(shown.vendorConsents)).toEqual([]);
    expect(ids(shown.purposeConsents)).toEqual([]);
    expect(ids(shown.specialFeatureOptins)).toEqual([]);
    expect(ids(shown.vendorsDisclosed)).toEqual([3, 8]);

    expect(call('ping')).toMatchObject({
      gdprApplies: true,
      cmpLoaded: true,
      cmpStatus: 'loaded',
      displayStatus: 'visible',
      apiVersion: '2.2',
      cmpId: 300,
      gvlVersion: gvl.list.vendorListVersion,
      tcfPolicyVersion: gvl.list.tcfPolicyVersion,
    });
  });

  it('[STD-12] TCData uses the current field names: useNonStandardTexts, vendor.disclosedVendors, no outOfBand; the policy version is the list’s', async () => {
    const { events } = await load(bundleOf());
    root().querySelector<HTMLElement>('[data-consent-action="accept"]')?.click();
    const data = events.at(-1) ?? {};
    expect(data.eventStatus).toBe('useractioncomplete');
    expect(data).toHaveProperty('useNonStandardTexts', false);
    expect(data).not.toHaveProperty('useNonStandardStacks');
    expect(data).not.toHaveProperty('outOfBand');
    const disclosed = (data.vendor as { disclosedVendors: Record<string, boolean> }).disclosedVendors;
    expect(Object.keys(disclosed).filter((id) => disclosed[id])).toEqual(['3', '8']);
    expect(data.tcfPolicyVersion).toBe(gvl.list.tcfPolicyVersion);
    expect(call('ping')).toMatchObject({ displayStatus: 'hidden', gvlVersion: gvl.list.vendorListVersion });
  });
});

describe('the CMP API in every region (STD-10)', () => {
  it('[STD-10] a US visitor under opt-out: listeners hear gdprApplies false at once with no TC string, ping is loaded and disabled, and "Do not sell" encodes no GDPR refusal', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'rec-us' }), { status: 201 })));
    vi.stubGlobal('fetch', fetch);
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/9/banner.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    const { events } = await load(bundleOf(), { region: 'us', rule: 'opt-out', state: 'US-CA' });
    expect(events).toHaveLength(1);
    // The CMP API: where GDPR does not apply, TCData holds only these (and the listener's id).
    expect(Object.keys(events[0] ?? {}).sort()).toEqual(['cmpId', 'cmpVersion', 'gdprApplies', 'listenerId', 'tcfPolicyVersion']);
    expect(events[0]).toMatchObject({ gdprApplies: false, cmpId: 300, tcfPolicyVersion: gvl.list.tcfPolicyVersion });
    expect(call('ping')).toMatchObject({ gdprApplies: false, cmpLoaded: true, cmpStatus: 'loaded', displayStatus: 'disabled', apiVersion: '2.2' });
    expect(root().querySelector('[data-tcf]')).toBeNull();

    Array.from(document.querySelectorAll<HTMLButtonElement>('#cm-notice button'))
      .find((b) => b.textContent === TEXTS.doNotSell)
      ?.click();
    expect(cookie('euconsent-v2')).toBeUndefined();
    expect(call('getTCData')).not.toHaveProperty('tcString');
    expect(events).toHaveLength(1);
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Answer;
    expect(body).toMatchObject({ action: 'opt-out', categories: ['necessary', 'functional', 'statistics'] });
    expect(body).not.toHaveProperty('tcString');

    // "Cookie settings" there shows the banner without the TCF layers, and a choice is still no TC string.
    window.consentBanner?.show();
    root().querySelector<HTMLElement>('[data-consent-action="accept"]')?.click();
    expect(cookie('euconsent-v2')).toBeUndefined();
  });

  it('[STD-10] GDPR applies by the regional rules: EU, and other regions asked first; not where the rule is none or in the US', async () => {
    const cases: [Visitor | null, boolean][] = [
      [null, true],
      [{ region: 'eu', rule: 'opt-in' }, true],
      [{ region: 'other', rule: 'opt-in' }, true],
      [{ region: 'other', rule: 'none' }, false],
      [{ region: 'us', rule: 'opt-in' }, false],
    ];
    for (const [visitor, applies] of cases) {
      document.body.innerHTML = '';
      delete window.__tcfapi;
      const { events } = await load(bundleOf(), visitor);
      await vi.waitFor(() => expect(events.length).toBeGreaterThan(0));
      expect([visitor?.region ?? 'none', events[0]?.gdprApplies]).toEqual([visitor?.region ?? 'none', applies]);
    }
  });
});

describe("Google's Additional Consent (STD-14)", () => {
  const withAc = (): TcfBundle => bundleOf({ ...settings, acProviders: [35, 1] });

  it('[STD-14] TCData carries addtlConsent: all disclosed while the UI shows, then consented by choice, kept in addtl_consent', async () => {
    const { events, banner } = await load(withAc());
    expect(events[0]?.addtlConsent).toBe('2~~dv.1.35');
    expect(root().querySelector('[data-tcf-section="ac-providers"]')?.textContent).toContain('Saltmarsh Measurement');
    root().querySelector<HTMLInputElement>('[data-tcf-ac-consent="35"]')?.click();
    root().querySelector<HTMLElement>('[data-consent-action="save"]')?.click();
    expect(events.at(-1)?.addtlConsent).toBe('2~35~dv.1');
    expect(cookie('addtl_consent')).toBe('2~35~dv.1');
    banner.accept();
    expect(call('getTCData').addtlConsent).toBe('2~1.35~dv.');
    banner.decline();
    expect(call('getTCData').addtlConsent).toBe('2~~dv.1.35');
  });

  it('[STD-14] a stored AC string that disclosed every chosen provider loads silently; a provider it never disclosed asks again', async () => {
    const first = await load(withAc());
    first.banner.accept();
    document.body.innerHTML = '';
    delete window.__tcfapi;
    const again = await load(withAc());
    expect(again.events.map((e) => e.eventStatus)).toEqual(['tcloaded']);
    expect(again.events[0]?.addtlConsent).toBe('2~1.35~dv.');
    document.body.innerHTML = '';
    delete window.__tcfapi;
    const more = await load(bundleOf({ ...settings, acProviders: [1, 35, 89] }));
    expect(more.events.map((e) => e.eventStatus)).toEqual(['cmpuishown']);
  });
});

describe('the current vendor list without republishing (STD-11)', () => {
  /** The list the API takes a week later: one version up, vendor 8 declaring a new consent purpose. */
  const newer = (): GvlSnapshot => {
    const list = structuredClone(gvl.list) as VendorList;
    list.vendorListVersion += 1;
    const vendor = list.vendors['8'];
    if (vendor) vendor.purposes = [...vendor.purposes, 7];
    return { ...gvl, list, changedAt: { '8': list.vendorListVersion } };
  };

  it('[STD-11] the banner fetches the version the CDN names once, encodes with it, and asks again a visitor whose string predates a change of a vendor they consented to', async () => {
    const current = newer();
    const update = tcfListUpdate(settings, current, 'en', pin, acProviders);
    const fetch = vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify(url.includes('/gvl/') ? update : { id: 'rec' }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const listRequests = (): string[] => fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/gvl/'));
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/9/banner-full.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);

    // A visitor who accepted under the published list.
    const published = await load(bundleOf());
    published.banner.accept();
    expect(TCString.decode(String(cookie('euconsent-v2'))).vendorListVersion).toBe(gvl.list.vendorListVersion);
    expect(listRequests()).toEqual([]);

    document.body.innerHTML = '';
    delete window.__tcfapi;
    const { events, banner } = await load(bundleOf(), { region: 'eu', rule: 'opt-in', gvlVersion: current.list.vendorListVersion });
    expect(listRequests()).toEqual([`https://api.example.test/cdn/9/gvl/1.${current.list.vendorListVersion}.en.json`]);
    expect(events.map((e) => e.eventStatus)).toEqual(['cmpuishown']);
    expect(call('ping').gvlVersion).toBe(current.list.vendorListVersion);
    banner.accept();
    const decoded = TCString.decode(String(cookie('euconsent-v2')));
    expect(decoded.vendorListVersion).toBe(current.list.vendorListVersion);
    expect(ids(decoded.vendorConsents)).toEqual([3, 8]);
  });

  it('[STD-11] a newer list that changes nothing the visitor consented to loads the stored string silently', async () => {
    const list = { ...structuredClone(gvl.list), vendorListVersion: gvl.list.vendorListVersion + 1 } as VendorList;
    const update = tcfListUpdate(settings, { ...gvl, list }, 'en', pin, acProviders);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify(url.includes('/gvl/') ? update : { id: 'rec' }), { status: 200 }))),
    );
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/9/banner-full.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    (await load(bundleOf())).banner.accept();
    document.body.innerHTML = '';
    delete window.__tcfapi;
    const { events } = await load(bundleOf(), { region: 'eu', rule: 'opt-in', gvlVersion: list.vendorListVersion });
    expect(events.map((e) => e.eventStatus)).toEqual(['tcloaded']);
    expect(call('ping')).toMatchObject({ gvlVersion: list.vendorListVersion, displayStatus: 'disabled' });
  });

  it('[STD-11] without an answer the banner shows with the list it was published with', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 404 }))),
    );
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/9/banner-full.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    const { banner } = await load(bundleOf(), { region: 'eu', rule: 'opt-in', gvlVersion: gvl.list.vendorListVersion + 1 });
    banner.accept();
    expect(TCString.decode(String(cookie('euconsent-v2'))).vendorListVersion).toBe(gvl.list.vendorListVersion);
  });
});
