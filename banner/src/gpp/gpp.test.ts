import { GppModel } from '@iabgpp/cmpapi';
import { CmpApiModel } from '@iabtcf/cmpapi';
import { TCString } from '@iabtcf/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGvlSource } from '../../../dev-server/tcf/gvlSource';
import { pinFor, tcfBundle } from '../../../dev-server/tcf/tcfBundle';
import type { TcfSettings } from '../../../src/schemas/tcf';
import type { BannerConfig, RuntimeTexts, TemplateFunctions, Visitor } from '../config';
import type { GppModuleConfig } from './gppConfig';

/**
 * The IAB Global Privacy Platform as its CMP API v1.1 and the MSPA section specifications define
 * it (jsdom; Chromium: e2e/standardsDocuments.test.ts): the stub, the sections per visitor,
 * the events' order, the string following decisions and GPC, `tcfeuv2` following the TC
 * string. Every string is decoded by the IAB's own GppModel.
 */

type Answer = Record<string, unknown>;
type GppApi = (command: string, callback: (data: unknown, success: boolean) => void, parameter?: unknown) => void;
declare global {
  interface Window {
    __gpp?: GppApi;
  }
}

const TEXTS: RuntimeTexts = {
  gpcApplied: 'GPC applied',
  optOutNotice: 'We use cookies',
  doNotSell: 'Do not sell',
  settings: 'Cookie settings',
  consentId: 'Consent ID',
};
const config: BannerConfig = {
  consentSolutionId: 5,
  version: 2,
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
const moduleConfig = (overrides: Partial<GppModuleConfig> = {}): GppModuleConfig => ({
  cmpId: 300,
  cmpVersion: 1,
  consentSolutionId: 5,
  consentVersion: 1,
  categories: config.categories,
  saleShare: ['marketing'],
  honourGpc: true,
  usApproach: 'state',
  tcfEu: true,
  mspaCovered: false,
  mspaMode: 'opt-out',
  ...overrides,
});
const showHide: TemplateFunctions = {
  js: () => undefined,
  displayFunction: (root) => {
    root.hidden = false;
  },
  hideFunction: (root) => {
    root.hidden = true;
  },
};

const gpp = (): GppApi => {
  if (!window.__gpp) throw new Error('no __gpp');
  return window.__gpp;
};
const ping = (): Answer => {
  let answer: unknown;
  gpp()('ping', (data) => (answer = data));
  return answer as Answer;
};
const section = (name: string): Answer | null => new GppModel(String(ping().gppString)).getSection(name) as Answer | null;

/** A page with the stub first and a vendor listening, then the GPP module and the banner (modules fresh each time, as on a page). */
const page = async (visitor: Visitor | null, overrides: Partial<GppModuleConfig> = {}) => {
  vi.resetModules();
  const { installGppStub } = await import('./installGppStub');
  installGppStub();
  const events: Answer[] = [];
  gpp()('addEventListener', (data, success) => {
    if (success) events.push(data as Answer);
  });
  const module = await import('./gpp');
  module.start(moduleConfig(overrides), visitor);
  const { start } = await import('../banner');
  const banner = start(config, showHide, visitor);
  await vi.waitFor(() => expect(document.getElementById('cm-banner')).not.toBeNull());
  return { events, banner };
};

const clearCookies = (): void => {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
};

beforeEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.__gpp;
  delete (window as { __tcfapi?: unknown }).__tcfapi;
  clearCookies();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window.navigator, 'globalPrivacyControl');
});

describe('the GPP stub', () => {
  it('[STD-13] answers ping and addEventListener at once with version 1.1 and the stub status, queues other commands for the CMP, and adds the __gppLocator frame', async () => {
    vi.resetModules();
    const { installGppStub } = await import('./installGppStub');
    installGppStub();
    expect(ping()).toMatchObject({ gppVersion: '1.1', cmpStatus: 'stub', signalStatus: 'not ready', applicableSections: [-1] });
    const registered: Answer[] = [];
    gpp()('addEventListener', (data) => registered.push(data as Answer));
    expect(registered).toEqual([expect.objectContaining({ eventName: 'listenerRegistered', listenerId: 1, data: true })]);
    let section: unknown = 'unanswered';
    gpp()('getSection', (data) => (section = data), 'usnat');
    expect(section).toBeNull();
    let queued: unknown;
    gpp()('hasSection', () => undefined, 'usca');
    gpp()('usnat.custom', (data) => (queued = data));
    expect(queued).toBeUndefined();
    await vi.waitFor(() => expect(document.querySelector('iframe[name="__gppLocator"]')).not.toBeNull());

    // The IAB's CmpApi takes the queue and the listeners over.
    const { start } = await import('./gpp');
    start(moduleConfig(), { region: 'us', rule: 'opt-out' });
    expect(queued).toBeNull();
    expect(registered.map((e) => e.eventName)).toEqual(['listenerRegistered', 'cmpStatus', 'signalStatus']);
  });
});

describe('the GPP module', () => {
  it("[STD-13] a Californian under opt-out gets California's section: notices given, not opted out; 'Do not sell' opts out, in the CMP API's order of events, and the record carries the string", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'rec-ca' }), { status: 201 })));
    vi.stubGlobal('fetch', fetch);
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/5/banner-full.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    const { events } = await page({ region: 'us', rule: 'opt-out', state: 'US-CA' });
    expect(ping()).toMatchObject({ gppVersion: '1.1', cmpStatus: 'loaded', signalStatus: 'ready', applicableSections: [8], cmpId: 300 });
    expect(ping().supportedAPIs).toEqual(['2:tcfeuv2', '7:usnat', '8:usca']);
    expect(section('usca')).toMatchObject({
      SaleOptOutNotice: 1,
      SharingOptOutNotice: 1,
      SaleOptOut: 2,
      SharingOptOut: 2,
      MspaCoveredTransaction: 2,
      Gpc: false,
    });
    expect(section('usnat')).toBeNull();

    events.length = 0;
    Array.from(document.querySelectorAll<HTMLButtonElement>('#cm-notice button'))
      .find((b) => b.textContent === 'Do not sell')
      ?.click();
    await vi.waitFor(() => expect(events.at(-1)?.eventName).toBe('signalStatus'));
    expect(events.map((e) => [e.eventName, e.data])).toEqual([
      ['signalStatus', 'not ready'],
      ['sectionChange', 'usca'],
      ['signalStatus', 'ready'],
    ]);
    expect(section('usca')).toMatchObject({ SaleOptOut: 1, SharingOptOut: 1 });
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Answer;
    expect(body).toMatchObject({ action: 'opt-out', gppSid: [8] });
    expect(new GppModel(String(body.gppString)).getSection('usca')).toMatchObject({ SaleOptOut: 1, SharingOptOut: 1 });
  });

  it('[STD-13] the national approach gives usnat to every US visitor; a state without its own section gets usnat under the state approach too', async () => {
    await page({ region: 'us', rule: 'opt-out', state: 'US-CA' }, { usApproach: 'national', mspaCovered: true });
    expect(ping().applicableSections).toEqual([7]);
    expect(section('usnat')).toMatchObject({
      SaleOptOut: 2,
      TargetedAdvertisingOptOut: 2,
      MspaCoveredTransaction: 1,
      MspaOptOutOptionMode: 1,
      MspaServiceProviderMode: 2,
    });
    document.body.innerHTML = '';
    delete window.__gpp;
    await page({ region: 'us', rule: 'opt-out', state: 'US-WY' });
    expect(ping().applicableSections).toEqual([7]);
    document.body.innerHTML = '';
    delete window.__gpp;
    await page({ region: 'us', rule: 'opt-out', state: 'US-VA' });
    expect(ping().applicableSections).toEqual([9]);
    expect(section('usva')).toMatchObject({ SaleOptOut: 2, TargetedAdvertisingOptOut: 2 });
  });

  it('[STD-13][STD-9] with GPC on, the section says Gpc and opted out from the start, even over an earlier opt-in', async () => {
    document.cookie = `cm_consent_5=${encodeURIComponent(JSON.stringify({ v: 1, categories: ['necessary', 'functional', 'statistics', 'marketing'], at: '2026-01-01T00:00:00Z', aid: 'a'.repeat(32) }))}; path=/`;
    Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: true, configurable: true });
    await page({ region: 'us', rule: 'opt-out', state: 'US-CO' });
    expect(ping().applicableSections).toEqual([10]);
    expect(section('usco')).toMatchObject({ Gpc: true, SaleOptOut: 1, TargetedAdvertisingOptOut: 1 });
  });

  it('[STD-13] where GDPR applies and TCF is on, tcfeuv2 follows the TC string', async () => {
    const gvl = createGvlSource().current();
    const settings: TcfSettings = {
      enabled: true,
      publisherCountryCode: 'FR',
      purposeOneTreatment: false,
      vendors: [{ id: 3, legIntPurposes: [] }],
      publisherRestrictions: [],
      acProviders: [],
    };
    vi.resetModules();
    CmpApiModel.reset();
    const { installGppStub } = await import('./installGppStub');
    installGppStub();
    const tcf = await import('../tcf/tcf');
    const addon = tcf.start(tcfBundle(settings, gvl, ['en'], 300, pinFor(settings, gvl, null)));
    const visitor: Visitor = { region: 'eu', rule: 'opt-in' };
    (await import('./gpp')).start(moduleConfig(), visitor);
    const banner = (await import('../banner')).start(config, showHide, visitor, addon);
    await vi.waitFor(() => expect(document.getElementById('cm-banner')?.hidden).toBe(false));
    expect(ping().applicableSections).toEqual([2]);
    banner.accept();
    const tcString = decodeURIComponent(document.cookie.match(/(?:^|; )euconsent-v2=([^;]*)/)?.[1] ?? '');
    const model = new GppModel(String(ping().gppString));
    expect(model.encodeSection('tcfeuv2').split('.')[0]).toBe(tcString.split('.')[0]);
    expect(TCString.decode(tcString).vendorConsents.has(3)).toBe(true);
    expect(model.getFieldValue('tcfeuv2', 'VendorConsents')).toEqual([3]);
  });
});
