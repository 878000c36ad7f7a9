import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { start } from './banner';
import type { BannerConfig, ConsentModeConfig, RuntimeTexts, TemplateFunctions } from './config';

/**
 * The privacy standards in the runtime (jsdom): Consent Mode v2 as a recorded dataLayer shows
 * it, GPC, the region rules, the consent id. Real pages: e2e/standards.test.ts.
 */

const HTML =
  '<section><h2>Cookies</h2><button data-consent-action="toggle-details" aria-expanded="false">Show</button><div data-consent-details>' +
  '<input type="checkbox" data-consent-category="necessary" checked disabled><input type="checkbox" data-consent-category="statistics"><input type="checkbox" data-consent-category="marketing">' +
  '</div><button data-consent-action="decline">Decline</button><button data-consent-action="save">Save</button><button data-consent-action="accept">Accept</button></section>';

const TEXTS: RuntimeTexts = {
  gpcApplied: 'GPC applied',
  optOutNotice: 'We use cookies',
  doNotSell: 'Do not sell or share my personal information',
  settings: 'Cookie settings',
  consentId: 'Consent ID',
};

const CONSENT_MODE: ConsentModeConfig = {
  mode: 'advanced',
  mapping: {
    ad_storage: 'marketing',
    ad_user_data: 'marketing',
    ad_personalization: 'marketing',
    analytics_storage: 'statistics',
    functionality_storage: 'functional',
    personalization_storage: 'functional',
  },
  waitForUpdate: 500,
  adsDataRedaction: true,
  urlPassthrough: false,
  grantedOutsideOptIn: false,
  optInCountries: ['FR', 'DE'],
};

const config = (overrides: Partial<BannerConfig> = {}): BannerConfig => ({
  consentSolutionId: 7,
  version: 3,
  consentVersion: 2,
  defaultLanguage: 'en',
  html: { en: HTML },
  toggleLabels: { en: { show: 'Show', hide: 'Hide' } },
  categories: ['necessary', 'functional', 'statistics', 'marketing'],
  css: '',
  site: { autoblocking: false, sharedConsent: false, sharedDomains: [] },
  saleShare: ['marketing'],
  honourGpc: true,
  texts: { en: TEXTS },
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

const page = window as unknown as { dataLayer?: unknown[]; gtag?: unknown };
/** The dataLayer as plain arrays (gtag pushes `arguments` objects). */
const recorded = (): unknown[] =>
  (page.dataLayer ?? []).map((entry) =>
    Array.isArray(entry) || (typeof entry === 'object' && entry !== null && 'length' in entry) ? Array.from(entry as ArrayLike<unknown>) : entry,
  );
const banner = (): HTMLElement => document.getElementById('cm-banner') as HTMLElement;
const click = (action: string) => banner().querySelector<HTMLElement>(`[data-consent-action="${action}"]`)?.click();
const stored = (): Record<string, unknown> | undefined => {
  const match = document.cookie.match(/(?:^|; )cm_consent_7=([^;]*)/);
  return match?.[1] === undefined ? undefined : (JSON.parse(decodeURIComponent(match[1])) as Record<string, unknown>);
};

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

const observers: MutationObserver[] = [];
class TrackedObserver extends MutationObserver {
  constructor(callback: MutationCallback) {
    super(callback);
    observers.push(this);
  }
}

beforeEach(() => {
  vi.stubGlobal('MutationObserver', TrackedObserver);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.cookie = 'cm_consent_7=; max-age=0; path=/';
  delete page.dataLayer;
  delete page.gtag;
  for (const flag of ['stats', 'ads']) document.documentElement.removeAttribute(`data-${flag}`);
});
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window.navigator, 'globalPrivacyControl');
});

const markedScript = (category: string, flag: string): void => {
  const script = document.createElement('script');
  script.type = 'text/plain';
  script.setAttribute('data-consent-category', category);
  script.text = `document.documentElement.setAttribute('data-${flag}', '');`;
  document.body.appendChild(script);
};
const ran = (flag: string): boolean => document.documentElement.hasAttribute(`data-${flag}`);
const setGpc = (): void => {
  Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: true, configurable: true });
};

describe('Google Consent Mode v2', () => {
  it('[STD-1] pushes consent default (all seven types, wait_for_update) first, defines dataLayer and gtag, then ads_data_redaction', () => {
    start(config({ consentMode: CONSENT_MODE }), showHide);
    expect(typeof page.gtag).toBe('function');
    expect(recorded()).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['set', 'ads_data_redaction', true],
    ]);
  });

  it("[STD-1] keeps the page's dataLayer and gtag, and with grantedOutsideOptIn adds a denied default for the opt-in countries", () => {
    const before = { event: 'page_data', section: 'shop' };
    const calls: unknown[][] = [];
    page.dataLayer = [before];
    page.gtag = (...args: unknown[]) => calls.push(args);
    start(config({ consentMode: { ...CONSENT_MODE, grantedOutsideOptIn: true, adsDataRedaction: false, urlPassthrough: true, waitForUpdate: 800 } }), showHide);
    expect(page.dataLayer[0]).toBe(before);
    expect(calls).toEqual([
      ['consent', 'default', { ...GRANTED, wait_for_update: 800 }],
      ['consent', 'default', { ...DENIED, wait_for_update: 800, region: ['FR', 'DE'] }],
      ['set', 'url_passthrough', true],
    ]);
  });

  it('[STD-2] each decision pushes the mapped update and the cm_consent_update event', () => {
    start(config({ consentMode: CONSENT_MODE }), showHide);
    click('accept');
    click('decline');
    (banner().querySelector('[data-consent-category="statistics"]') as HTMLInputElement).checked = true;
    click('save');
    expect(recorded().slice(2)).toEqual([
      ['consent', 'update', GRANTED],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'functional', 'statistics', 'marketing'] },
      ['consent', 'update', DENIED],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary'] },
      ['consent', 'update', { ...DENIED, analytics_storage: 'granted' }],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'statistics'] },
    ]);
  });

  it('[STD-2] a stored choice is pushed as an update right after the defaults on every page load', () => {
    document.cookie = `cm_consent_7=${encodeURIComponent(JSON.stringify({ v: 2, categories: ['necessary', 'statistics'], at: '2026-01-01T00:00:00Z', aid: 'a'.repeat(32) }))}; path=/`;
    start(config({ consentMode: CONSENT_MODE }), showHide);
    expect(banner().hidden).toBe(true);
    expect(recorded()).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['set', 'ads_data_redaction', true],
      ['consent', 'update', { ...DENIED, analytics_storage: 'granted' }],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'statistics'] },
    ]);
  });

  it('[STD-2] [PROMISE-1] marked Google tags wait for consent in either mode; basic mode also holds an unmarked Google tag, advanced lets it load', async () => {
    const googleTag = (): HTMLScriptElement => {
      const tag = document.createElement('script');
      tag.src = 'https://www.googletagmanager.com/gtag/js?id=G-TEST';
      document.head.appendChild(tag);
      return tag;
    };
    markedScript('statistics', 'stats');
    start(config({ consentMode: { ...CONSENT_MODE, mode: 'basic' } }), showHide);
    const held = googleTag();
    await vi.waitFor(() => expect(held.getAttribute('type')).toBe('text/plain'));
    expect(held.getAttribute('data-consent-category')).toBe('statistics');
    expect(ran('stats')).toBe(false);
    click('accept');
    expect(ran('stats')).toBe(true);
    expect(held.isConnected).toBe(false);
    expect(document.querySelector('script[src*="googletagmanager"]')?.hasAttribute('data-consent-activated')).toBe(true);

    for (const observer of observers.splice(0)) observer.disconnect();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-stats');
    document.cookie = 'cm_consent_7=; max-age=0; path=/';
    markedScript('statistics', 'stats');
    start(config({ consentMode: { ...CONSENT_MODE, mode: 'advanced' }, site: { autoblocking: true, sharedConsent: false, sharedDomains: [] } }), showHide);
    const loads = googleTag();
    const other = document.createElement('script');
    other.src = 'https://connect.facebook.net/en_US/fbevents.js';
    document.head.appendChild(other);
    await vi.waitFor(() => expect(other.getAttribute('data-consent-category')).toBe('marketing'));
    expect(loads.hasAttribute('type')).toBe(false);
    expect(ran('stats')).toBe(false);
  });

  it('[STD-1] nothing is pushed when Consent Mode is off', () => {
    start(config(), showHide);
    click('accept');
    expect(page.dataLayer).toBeUndefined();
  });
});

describe('Global Privacy Control', () => {
  it('[STD-3] declines the sale/share categories, says so, and the record carries gpc: true', async () => {
    setGpc();
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'rec-1' }), { status: 201 })));
    vi.stubGlobal('fetch', fetch);
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/7/banner.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    start(config({ consentMode: CONSENT_MODE }), showHide);
    const marketing = banner().querySelector<HTMLInputElement>('[data-consent-category="marketing"]');
    expect(marketing?.disabled).toBe(true);
    expect(marketing?.checked).toBe(false);
    expect(banner().querySelector('.cm-gpc')?.textContent).toBe('GPC applied');
    click('accept');
    expect(stored()).toMatchObject({ categories: ['necessary', 'functional', 'statistics'], gpc: true });
    expect(recorded()).toContainEqual(['consent', 'update', { ...GRANTED, ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>;
    expect(body).toMatchObject({ gpc: true, regionRule: 'opt-in', categories: ['necessary', 'functional', 'statistics'] });
    await vi.waitFor(() => expect(stored()?.id).toBe('rec-1'));
  });

  it('[STD-9] overrides an earlier opt-in while the signal is on: ad_* denied, the marketing tag stays blocked, the banner says so, the override is recorded once', async () => {
    const acceptedBefore = {
      v: 2,
      categories: ['necessary', 'functional', 'statistics', 'marketing'],
      at: '2026-01-01T00:00:00Z',
      aid: 'a'.repeat(32),
      id: 'rec-0',
    };
    document.cookie = `cm_consent_7=${encodeURIComponent(JSON.stringify(acceptedBefore))}; path=/`;
    setGpc();
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'rec-gpc' }), { status: 201 })));
    vi.stubGlobal('fetch', fetch);
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/7/banner.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    markedScript('marketing', 'ads');
    markedScript('statistics', 'stats');
    start(config({ consentMode: CONSENT_MODE, site: { autoblocking: true, sharedConsent: false, sharedDomains: [] } }), showHide);
    expect(banner().hidden).toBe(true);
    expect(ran('ads')).toBe(false);
    expect(ran('stats')).toBe(true);
    expect(recorded()).toContainEqual(['consent', 'update', { ...GRANTED, ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
    expect(recorded()).not.toContainEqual(['consent', 'update', GRANTED]);
    expect(document.getElementById('cm-notice')?.textContent).toContain('GPC applied');
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>;
    expect(body).toMatchObject({ action: 'gpc', gpc: true, categories: ['necessary', 'functional', 'statistics'] });
    // The visitor's own choice is kept for when the signal is off; the override is not recorded twice.
    expect(stored()).toMatchObject({ categories: acceptedBefore.categories, gpc: true, id: 'rec-0' });
    document.body.innerHTML = '';
    start(config(), showHide);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.getElementById('cm-notice')).toBeNull();
    Reflect.deleteProperty(window.navigator, 'globalPrivacyControl');
    document.body.innerHTML = '';
    markedScript('marketing', 'ads');
    start(config({ site: { autoblocking: true, sharedConsent: false, sharedDomains: [] } }), showHide);
    expect(ran('ads')).toBe(true);
  });

  it('[STD-3] is ignored when the customer turned it off', () => {
    setGpc();
    start(config({ honourGpc: false }), showHide);
    click('accept');
    expect(stored()?.categories).toContain('marketing');
    expect(stored()?.gpc).toBeUndefined();
  });
});

describe('regional rules', () => {
  it('[STD-4] opt-out: no wall, scripts run, a "Do not sell or share" link declines the sale/share categories', () => {
    markedScript('marketing', 'ads');
    start(config({ site: { autoblocking: true, sharedConsent: false, sharedDomains: [] } }), showHide, { region: 'us', rule: 'opt-out' });
    expect(banner().hidden).toBe(true);
    expect(ran('ads')).toBe(true);
    const notice = document.getElementById('cm-notice');
    const link = Array.from(notice?.querySelectorAll('button') ?? []).find((b) => b.textContent === 'Do not sell or share my personal information');
    expect(link).toBeDefined();
    link?.click();
    expect(stored()?.categories).toEqual(['necessary', 'functional', 'statistics']);
    expect(document.getElementById('cm-notice')).toBeNull();
  });

  it('[STD-4] "Cookie settings" opens the choices in place of the notice, which comes back if they close without a decision', () => {
    start(config(), showHide, { region: 'us', rule: 'opt-out' });
    const notice = document.getElementById('cm-notice') as HTMLElement;
    Array.from(notice.querySelectorAll('button'))
      .find((b) => b.textContent === 'Cookie settings')
      ?.click();
    expect(banner().hidden).toBe(false);
    expect(notice.hidden).toBe(true);
    window.consentBanner?.hide();
    expect(notice.hidden).toBe(false);
    window.consentBanner?.show();
    click('decline');
    expect(document.getElementById('cm-notice')).toBeNull();
  });

  it('[STD-4][STD-3] opt-out with GPC: declined at once and the notice says the signal was applied', () => {
    setGpc();
    start(config(), showHide, { region: 'us', rule: 'opt-out' });
    expect(stored()).toMatchObject({ categories: ['necessary', 'functional', 'statistics'], gpc: true });
    expect(document.getElementById('cm-notice')?.textContent).toContain('GPC applied');
  });

  it("[STD-4] a US visitor's state (from the CDN) goes into the record with the rule", () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'rec-2' }), { status: 201 })));
    vi.stubGlobal('fetch', fetch);
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/7/banner.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    start(config(), showHide, { region: 'us', rule: 'opt-out', state: 'US-CA' });
    Array.from(document.getElementById('cm-notice')?.querySelectorAll('button') ?? [])
      .find((b) => b.textContent === 'Do not sell or share my personal information')
      ?.click();
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>;
    expect(body).toMatchObject({ action: 'opt-out', regionRule: 'opt-out US-CA' });
  });

  it('[STD-4] no banner where the rule is none; opt-in shows the banner', () => {
    start(config(), showHide, { region: 'other', rule: 'none' });
    expect(banner().hidden).toBe(true);
    expect(document.getElementById('cm-notice')).toBeNull();
    document.body.innerHTML = '';
    start(config(), showHide, { region: 'eu', rule: 'opt-in' });
    expect(banner().hidden).toBe(false);
  });
});

describe('consent id and autoblocking', () => {
  it('[STD-6] the consent id, date and choices appear in the details once recorded, and on later loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'c0ffee-42' }), { status: 201 }))),
    );
    const script = document.createElement('script');
    script.src = 'https://api.example.test/cdn/7/banner.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    start(config(), showHide);
    click('decline');
    await vi.waitFor(() => expect(banner().querySelector('[data-consent-details] .cm-consent-id')?.textContent).toContain('Consent ID: c0ffee-42'));
    document.body.innerHTML = '';
    start(config(), showHide);
    expect(banner().querySelector('.cm-consent-id')?.textContent).toMatch(/^Consent ID: c0ffee-42 · .+ · necessary$/);
  });

  it('[STD-8] autoblocking looks only at the nodes a change added', async () => {
    start(config({ site: { autoblocking: true, sharedConsent: false, sharedDomains: [] } }), showHide);
    click('accept');
    const spy = vi.spyOn(document, 'querySelectorAll');
    for (let i = 0; i < 50; i++) document.body.appendChild(document.createElement('p'));
    const holder = document.createElement('div');
    document.body.appendChild(holder);
    holder.innerHTML = '<script type="text/plain" data-consent-category="statistics">document.documentElement.setAttribute("data-stats", "")</script>';
    await vi.waitFor(() => expect(ran('stats')).toBe(true));
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('the stored choice on a secure page', () => {
  const cookieStoreWith = (value: unknown) => ({
    get: vi.fn((name: string) => Promise.resolve(value === undefined ? null : { name, value: encodeURIComponent(JSON.stringify(value)) })),
  });

  it("[STD-8] the banner decides from the Cookie Store API's answer and never reads the blocking document.cookie before it shows", async () => {
    vi.stubGlobal('cookieStore', cookieStoreWith(undefined));
    const getter = vi.spyOn(document, 'cookie', 'get');
    start(config(), showHide);
    expect(banner().hidden).toBe(true);
    await vi.waitFor(() => expect(banner().hidden).toBe(false));
    expect(getter).not.toHaveBeenCalled();
    click('accept');
    expect(stored()).toMatchObject({ v: 2, categories: ['necessary', 'functional', 'statistics', 'marketing'] });

    document.body.innerHTML = '';
    vi.stubGlobal('cookieStore', cookieStoreWith({ v: 2, categories: ['necessary'], at: '2026-11-01T00:00:00Z', aid: 'aid-0123456789abcdef' }));
    const events: string[] = [];
    window.addEventListener('consent:ready', () => events.push('ready'), { once: true });
    start(config(), showHide);
    await vi.waitFor(() => expect(events).toEqual(['ready']));
    expect(banner().hidden).toBe(true);
  });

  it('[STD-8] a choice made while the read is under way is the one kept: the banner does not show, and the visitor keeps the stored id', async () => {
    vi.stubGlobal('cookieStore', cookieStoreWith({ v: 1, categories: ['necessary'], at: '2026-01-01T00:00:00Z', aid: 'aid-0123456789abcdef' }));
    const api = start(config(), showHide);
    api.decline();
    expect(stored()).toMatchObject({ v: 2, categories: ['necessary'] });
    await new Promise((done) => setTimeout(done, 0));
    expect(banner().hidden).toBe(true);
    vi.stubGlobal('cookieStore', cookieStoreWith({ v: 1, categories: ['necessary'], at: '2026-01-01T00:00:00Z', aid: 'aid-0123456789abcdef' }));
    document.body.innerHTML = '';
    const again = start(config(), showHide);
    await vi.waitFor(() => expect(banner().hidden).toBe(false));
    again.accept();
    expect(stored()).toMatchObject({ v: 2, aid: 'aid-0123456789abcdef' });
  });
});

describe('accessibility', () => {
  it('[STD-7] the banner is the first tab stop, takes focus when shown, and gives it back after a choice', () => {
    document.body.innerHTML = '<a href="#x" id="page-link">Page link</a>';
    start(config(), showHide);
    expect(document.body.firstElementChild).toBe(banner());
    expect(document.activeElement).toBe(banner());
    click('decline');
    expect(document.activeElement).toBe(document.body);

    const link = document.getElementById('page-link') as HTMLElement;
    link.focus();
    window.consentBanner?.show();
    expect(document.activeElement).toBe(banner());
    banner().querySelector<HTMLElement>('[data-consent-action="accept"]')?.focus();
    click('accept');
    expect(document.activeElement).toBe(link);
  });

  it('[STD-7] the details toggle exposes its state; the open panel can take focus to scroll', () => {
    start(config(), showHide);
    const toggle = banner().querySelector('[data-consent-action="toggle-details"]');
    const panel = banner().querySelector<HTMLElement>('[data-consent-details]');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    click('toggle-details');
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(panel?.tabIndex).toBe(0);
  });
});
