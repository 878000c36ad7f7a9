import { TCString, type Vector } from '@iabtcf/core';
import { CmpApiModel } from '@iabtcf/cmpapi';
import installStub from '@iabtcf/stub';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TcfSettings } from '../../../src/schemas/tcf';
import { createGvlSource } from '../../../dev-server/tcf/gvlSource';
import { pinFor, tcfBundle } from '../../../dev-server/tcf/tcfBundle';
import type { BannerConfig, ConsentApi, TemplateFunctions } from '../config';
import type { TcfBundle } from './tcfConfig';

/**
 * The TCF module on a page (jsdom) with the banner: the CMP API a vendor script talks to
 * (TCF-1), the euconsent-v2 cookie and the re-asking rules (TCF-2, TCF-4). The IAB's CmpApi
 * keeps its state in statics that a real page starts fresh with: each load resets them.
 */

interface TcData {
  eventStatus: string;
  cmpStatus: string;
  tcString: string;
  listenerId?: number;
  gdprApplies: boolean;
  purpose: { consents: Record<string, boolean> };
}
type TcfApi = (command: string, version: number, callback: (data: unknown, success: boolean) => void, parameter?: unknown) => void;
declare global {
  interface Window {
    __tcfapi?: TcfApi;
  }
}

const snapshot = createGvlSource().current();
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
const bundleOf = (s: TcfSettings, consentGvlVersion?: number): TcfBundle => {
  const pin = pinFor(s, snapshot, null);
  return tcfBundle(s, snapshot, ['en', 'fr'], 300, { ...pin, consentGvlVersion: consentGvlVersion ?? pin.consentGvlVersion });
};

const HTML = '<section><h2>Cookies</h2><button data-consent-action="decline">Decline</button><button data-consent-action="accept">Accept</button></section>';
const config: BannerConfig = {
  consentSolutionId: 9,
  version: 1,
  consentVersion: 1,
  defaultLanguage: 'en',
  html: { en: HTML },
  toggleLabels: { en: { show: 'Show', hide: 'Hide' } },
  categories: ['necessary', 'functional', 'statistics', 'marketing'],
  css: '',
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

/** A fresh banner and TCF module, as a published script starts them. */
const load = async (bundle: TcfBundle): Promise<ConsentApi> => {
  vi.resetModules();
  CmpApiModel.reset();
  const tcf = await import('./tcf');
  const banner = await import('../banner');
  return banner.start(config, showHide, null, tcf.start(bundle));
};

const api = (): TcfApi => {
  if (!window.__tcfapi) throw new Error('no __tcfapi');
  return window.__tcfapi;
};
const ids = (vector: Vector): number[] => {
  const out: number[] = [];
  vector.forEach((value, id) => {
    if (value) out.push(id);
  });
  return out;
};
const root = (): HTMLElement => {
  const element = document.getElementById('cm-banner');
  if (!element) throw new Error('no banner');
  return element;
};
const tcCookie = (): string | undefined => document.cookie.match(/(?:^|; )euconsent-v2=([^;]*)/)?.[1];

beforeEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.__tcfapi;
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
afterEach(() => vi.restoreAllMocks());

describe('the TCF module', () => {
  it('[TCF-1] a listener added through the stub before the CMP loads gets cmpuishown, then useractioncomplete with the TC string; ping, getTCData and removeEventListener answer', async () => {
    installStub();
    expect(document.querySelector('iframe[name="__tcfapiLocator"]')).not.toBeNull();
    const seen: TcData[] = [];
    api()('addEventListener', 2, (data) => seen.push(data as TcData));
    let stubPing: unknown;
    api()('ping', 2, (data) => (stubPing = data));
    expect(stubPing).toMatchObject({ cmpLoaded: false, cmpStatus: 'stub' });

    await load(bundleOf(settings));
    expect(root().hidden).toBe(false);
    expect(seen.map((d) => d.eventStatus)).toEqual(['cmpuishown']);

    root().querySelector<HTMLElement>('[data-consent-action="accept"]')?.click();
    expect(seen.map((d) => d.eventStatus)).toEqual(['cmpuishown', 'useractioncomplete']);
    const last = seen.at(-1);
    const decoded = TCString.decode(last?.tcString ?? '');
    expect(ids(decoded.vendorConsents)).toEqual([3, 8]);
    expect(ids(decoded.purposeConsents)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(decodeURIComponent(tcCookie() ?? '')).toBe(last?.tcString);
    expect(window.consentBanner?.get()?.categories).toEqual(['necessary', 'functional', 'statistics', 'marketing']);

    let ping: unknown;
    api()('ping', 2, (data) => (ping = data));
    expect(ping).toMatchObject({ cmpLoaded: true, cmpStatus: 'loaded', gdprApplies: true, cmpId: 300, cmpVersion: 1 });
    let tcData: TcData | undefined;
    api()('getTCData', 2, (data) => (tcData = data as TcData));
    expect(tcData?.tcString).toBe(last?.tcString);
    expect(tcData?.purpose.consents['1']).toBe(true);

    let removed: boolean | undefined;
    api()('removeEventListener', 2, (ok) => (removed = ok as boolean), last?.listenerId);
    expect(removed).toBe(true);
    window.consentBanner?.decline();
    expect(seen).toHaveLength(2);
    const rejected = TCString.decode(decodeURIComponent(tcCookie() ?? ''));
    expect(ids(rejected.purposeConsents)).toEqual([]);
    expect(ids(rejected.vendorConsents)).toEqual([]);
    expect(window.consentBanner?.get()?.categories).toEqual(['necessary']);
  });

  it('[TCF-1] the second layer lists purposes, special purposes, features, special features and vendors; saving keeps exactly what is ticked', async () => {
    await load(bundleOf(settings));
    const first = root().querySelector('[data-tcf-layer="1"]');
    expect(first?.textContent).toContain('2 partners');
    const second = root().querySelector<HTMLElement>('[data-tcf-layer="2"]');
    expect(second?.hidden).toBe(true);
    root().querySelector<HTMLElement>('[data-tcf-open="vendors"]')?.click();
    expect(second?.hidden).toBe(false);
    expect(second?.querySelectorAll('[data-tcf-purpose-consent]')).toHaveLength(11);
    expect(Array.from(second?.querySelectorAll('[data-tcf-purpose-li]') ?? []).map((e) => e.getAttribute('data-tcf-purpose-li'))).toEqual(['7', '9', '10']);
    expect(second?.textContent).toContain('Special purposes');
    expect(second?.textContent).toContain('Features');
    expect(Array.from(second?.querySelectorAll('summary') ?? []).map((e) => e.textContent)).toEqual(['Bluebird Analytics', 'Northwind Ad Exchange']);
    expect(second?.querySelector('a')?.getAttribute('href')).toMatch(/^https:\/\//);

    const tick = (selector: string) => second?.querySelector<HTMLInputElement>(selector)?.click();
    tick('[data-tcf-purpose-consent="1"]');
    tick('[data-tcf-purpose-consent="8"]');
    tick('[data-tcf-vendor-consent="8"]');
    tick('[data-tcf-purpose-li="9"]');
    second?.querySelector<HTMLElement>('[data-consent-action="save"]')?.click();
    const decoded = TCString.decode(decodeURIComponent(tcCookie() ?? ''));
    expect(ids(decoded.purposeConsents)).toEqual([1, 8]);
    expect(ids(decoded.vendorConsents)).toEqual([8]);
    expect(ids(decoded.purposeLegitimateInterests)).toEqual([9]);
    expect(decoded.consentScreen).toBe(2);
    expect(window.consentBanner?.get()?.categories).toEqual(['necessary', 'functional', 'statistics']);
  });

  it('[TCF-4] a stored string is loaded silently (tcloaded) until a new vendor or a changed declaration needs new consent; a dropped vendor loses its consent', async () => {
    await load(bundleOf(settings));
    window.consentBanner?.accept();

    document.body.innerHTML = '';
    delete window.__tcfapi;
    const seen: string[] = [];
    installStub();
    api()('addEventListener', 2, (data) => seen.push((data as TcData).eventStatus));
    await load(bundleOf(settings));
    expect(root().hidden).toBe(true);
    expect(seen).toEqual(['tcloaded']);

    document.body.innerHTML = '';
    await load(bundleOf({ ...settings, vendors: [...settings.vendors, { id: 15, legIntPurposes: [] }] }));
    expect(root().hidden).toBe(false);

    document.body.innerHTML = '';
    await load(bundleOf(settings, snapshot.list.vendorListVersion + 1));
    expect(root().hidden).toBe(false);

    document.body.innerHTML = '';
    expect(ids(TCString.decode(decodeURIComponent(tcCookie() ?? '')).vendorConsents)).toEqual([3, 8]);
    await load(bundleOf({ ...settings, vendors: settings.vendors.slice(0, 1) }));
    expect(root().hidden).toBe(true);
    // The dropped vendor loses its consent; nothing else changes.
    const narrowed = TCString.decode(decodeURIComponent(tcCookie() ?? ''));
    expect(ids(narrowed.vendorConsents)).toEqual([3]);
    expect(ids(narrowed.vendorsDisclosed)).toEqual([3]);
    expect(ids(narrowed.purposeConsents)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
