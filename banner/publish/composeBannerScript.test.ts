import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBannerRuntime } from '../build/buildBanner';
import { composeBannerScript, composeCoreScript, composeFullScript, composeUiScript, withVisitor, type BannerBundle } from './composeBannerScript';
import { composeInlineScript } from './composeInlineScript';

/** The built runtime (banner/dist, built from the current sources by the project's global setup). */
const runtime = readBannerRuntime('banner');

const bundle: BannerBundle = {
  consentSolutionId: 9,
  version: 4,
  consentVersion: 1,
  defaultLanguage: 'en',
  html: { en: '</script><p>x</p><button data-consent-action="accept">OK</button>' },
  toggleLabels: { en: { show: 'Show', hide: 'Hide' } },
  categories: ['necessary', 'statistics'],
  css: '',
  js: 'root.setAttribute("data-setup", consent.language); // trailing comment',
  displayFunction: 'root.hidden = false;',
  hideFunction: 'root.hidden = true;',
};

beforeEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'cm_consent_9=; max-age=0; path=/';
});

describe('the published script', () => {
  it('[BEYOND-1] [BEYOND-2] is the built runtime started with the config and the template functions, and parses', () => {
    const script = composeBannerScript(runtime, bundle);
    expect(script.startsWith('/* Consent banner: consent solution 9, version 4. Generated; do not edit. */\n(function (visitor) {\n')).toBe(true);
    expect(script).toContain(runtime.trim());
    expect(script).not.toContain('</script>');
    expect(() => new Function(script)).not.toThrow();
  });

  it('[BEYOND-2] runs on a page: mounts the banner, calls the template functions, adds only window.consentBanner', () => {
    const before = new Set(Object.keys(window));
    new Function(composeBannerScript(runtime, bundle))();
    const root = document.getElementById('cm-banner');
    expect(root?.getAttribute('data-setup')).toBe('en');
    expect(root?.hidden).toBe(false);
    expect(Object.keys(window).filter((key) => !before.has(key))).toEqual(['consentBanner']);
    root?.querySelector<HTMLElement>('[data-consent-action="accept"]')?.click();
    expect(root?.hidden).toBe(true);
    expect(decodeURIComponent(document.cookie)).toContain('"categories":["necessary","statistics"]');
  });

  it("[STD-4] the CDN passes the visitor's region rule to the call on the last line; opt-out shows no wall", () => {
    const script = composeBannerScript(runtime, {
      ...bundle,
      texts: { en: { gpcApplied: 'g', optOutNotice: 'n', doNotSell: 'Do not sell', settings: 's', consentId: 'c' } },
    });
    const served = withVisitor(script, { region: 'us', rule: 'opt-out' });
    expect(served.endsWith('})({"region":"us","rule":"opt-out"});\n')).toBe(true);
    expect(served.startsWith(script.slice(0, -'})(null);\n'.length))).toBe(true);
    new Function(served)();
    expect(document.getElementById('cm-banner')?.hidden).toBe(true);
    expect(document.getElementById('cm-notice')?.textContent).toContain('Do not sell');
    expect(withVisitor('(function () {})();\n', { region: 'us', rule: 'opt-out' })).toBe('(function () {})();\n');
  });

  it('[STD-8] the built runtime is minified and within the core budget (12 kB gzip)', () => {
    expect(runtime.trim().split('\n')).toHaveLength(1);
    expect(gzipSync(runtime).length).toBeLessThan(12_000);
  });
});

describe('the published banner, split in two (STD-8)', () => {
  const core = readBannerRuntime('core');
  const ui = readBannerRuntime('ui');
  const tcfStub = readBannerRuntime('tcfStub');
  const consentMode = {
    mode: 'advanced' as const,
    mapping: { analytics_storage: 'statistics' },
    waitForUpdate: 500,
    adsDataRedaction: false,
    urlPassthrough: false,
    grantedOutsideOptIn: false,
    optInCountries: ['FR'],
  };
  const served = (src: string): HTMLScriptElement => {
    const script = document.createElement('script');
    script.src = src;
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    return script;
  };
  afterEach(() => {
    vi.restoreAllMocks();
    delete (window as { dataLayer?: unknown }).dataLayer;
    delete (window as { gtag?: unknown }).gtag;
    document.head.innerHTML = '';
  });

  it("[STD-8] the core is within 12 kB gzip with the TCF stub, runs Consent Mode at once and loads the UI of the visitor's language, async, with the rule", () => {
    const bundle2 = { ...bundle, consentMode, html: { en: 'x', fr: 'y' }, defaultLanguage: 'en' };
    const script = withVisitor(composeCoreScript(core, bundle2), { region: 'us', rule: 'opt-out' });
    expect(script).not.toContain('data-consent-action');
    expect(gzipSync(composeCoreScript(core, { ...bundle2, tcf: {} as NonNullable<BannerBundle['tcf']> }, tcfStub)).length).toBeLessThan(12_000);
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    served('https://cdn.example.test/cdn/9/banner.js');
    new Function(script)();
    expect(Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer[0] ?? [])).toEqual([
      'consent',
      'default',
      { analytics_storage: 'granted', security_storage: 'granted', wait_for_update: 500 },
    ]);
    const loaded = document.head.querySelector('script');
    expect(loaded?.async).toBe(true);
    expect(loaded?.src).toBe('https://cdn.example.test/cdn/9/ui/4.fr.js?visitor=us.opt-out');
    expect(document.getElementById('cm-banner')).toBeNull();
  });

  it("[STD-8] the core and the UI open with V8's compile hint (only honoured as the first line), so their functions compile off the main thread while they download", () => {
    for (const script of [composeCoreScript(core, bundle), composeUiScript(ui, bundle)]) expect(script.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  it('[STD-8][STD-4] the UI reads the rule from its URL and mounts the banner; a forged rule is opt-in', () => {
    const texts = { en: { gpcApplied: 'g', optOutNotice: 'n', doNotSell: 'Do not sell', settings: 's', consentId: 'c' } };
    const script = composeUiScript(ui, { ...bundle, texts });
    expect(() => new Function(script)).not.toThrow();
    served('https://cdn.example.test/cdn/9/ui/4.en.js?visitor=us.opt-out');
    new Function(script)();
    expect(document.getElementById('cm-banner')?.getAttribute('data-setup')).toBe('en');
    expect(document.getElementById('cm-banner')?.hidden).toBe(true);
    expect(document.getElementById('cm-notice')?.textContent).toContain('Do not sell');
    document.body.innerHTML = '';
    served('https://cdn.example.test/cdn/9/ui/4.en.js?visitor=us.everything.US-CA');
    new Function(script)();
    expect(document.getElementById('cm-banner')?.hidden).toBe(false);
  });
});

describe('the async installation snippet (STD-8)', () => {
  const core = readBannerRuntime('core');
  const ui = readBannerRuntime('ui');
  const tcfStub = readBannerRuntime('tcfStub');
  const consentMode = {
    mode: 'advanced' as const,
    mapping: { ad_storage: 'marketing', analytics_storage: 'statistics', functionality_storage: 'necessary' },
    waitForUpdate: 500,
    adsDataRedaction: true,
    urlPassthrough: false,
    grantedOutsideOptIn: false,
    optInCountries: ['FR'],
  };
  const page = window as unknown as { dataLayer?: unknown[]; gtag?: unknown; cmConsentDefaults?: unknown; __tcfapi?: unknown };
  const recorded = (): unknown[] =>
    (page.dataLayer ?? []).map((entry) => (typeof entry === 'object' && entry !== null && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry));
  const DEFAULTS = [
    'consent',
    'default',
    { ad_storage: 'denied', analytics_storage: 'denied', functionality_storage: 'granted', security_storage: 'granted', wait_for_update: 500 },
  ];
  /** The core as the async tag runs it: from its URL, after the inline part; by default once the page has painted. */
  const runCore = (script: string, painted = true): void => {
    const own = document.createElement('script');
    own.src = 'https://cdn.example.test/cdn/9/banner.js';
    own.async = true;
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(own);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(painted ? [{ name: 'first-paint' } as PerformanceEntry] : []);
    new Function(script)();
  };
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    for (const key of ['dataLayer', 'gtag', 'cmConsentDefaults', '__tcfapi', '__tcfapiLocator'] as const) Reflect.deleteProperty(window, key);
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.cookie = 'cm_consent_9=; max-age=0; path=/';
  });

  it('[STD-8][STD-1] the inline part pushes the defaults first, keeping what the page put in its dataLayer, and the core adds no second default', () => {
    const inline = composeInlineScript({ ...bundle, consentMode });
    expect(inline.length).toBeLessThan(600);
    expect(inline).not.toContain('<');
    page.dataLayer = [{ event: 'page_data' }];
    new Function(inline)();
    expect(recorded()).toEqual([{ event: 'page_data' }, DEFAULTS, ['set', 'ads_data_redaction', true]]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    runCore(composeCoreScript(core, { ...bundle, consentMode }));
    expect(recorded()).toHaveLength(3);
    expect(warn).not.toHaveBeenCalled();
  });

  it("[STD-8][STD-4] behind the inline part, the core sends an update only where the visitor's rule grants more, and for a stored choice", () => {
    new Function(composeInlineScript({ ...bundle, consentMode }))();
    runCore(withVisitor(composeCoreScript(core, { ...bundle, consentMode }), { region: 'us', rule: 'opt-out' }));
    expect(recorded().slice(2)).toEqual([
      ['consent', 'update', { ad_storage: 'denied', analytics_storage: 'granted', functionality_storage: 'granted', security_storage: 'granted' }],
    ]);
    for (const key of ['dataLayer', 'gtag', 'cmConsentDefaults'] as const) Reflect.deleteProperty(window, key);
    document.cookie = `cm_consent_9=${encodeURIComponent(JSON.stringify({ v: 1, categories: ['necessary', 'marketing'], at: '2026-01-01T00:00:00Z', aid: 'a' }))}; path=/`;
    new Function(composeInlineScript({ ...bundle, consentMode }))();
    runCore(composeCoreScript(core, { ...bundle, consentMode }));
    expect(recorded().slice(2)).toEqual([
      ['consent', 'update', { ad_storage: 'granted', analytics_storage: 'denied', functionality_storage: 'granted', security_storage: 'granted' }],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'marketing'] },
    ]);
  });

  it('[STD-8] a snippet copied before the Consent Mode settings changed is corrected by the core and reported', () => {
    new Function(
      composeInlineScript({
        ...bundle,
        consentMode: { ...consentMode, mapping: { ...consentMode.mapping, ad_storage: 'necessary' }, adsDataRedaction: false },
      }),
    )();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    runCore(composeCoreScript(core, { ...bundle, consentMode }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('out of date'));
    expect(recorded().slice(1)).toEqual([
      ['set', 'ads_data_redaction', true],
      ['consent', 'update', { ad_storage: 'denied', analytics_storage: 'denied', functionality_storage: 'granted', security_storage: 'granted' }],
    ]);
    warn.mockClear();
    runCore(composeCoreScript(core, bundle));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('now off'));
  });

  it('[STD-8] an async core that arrives before the first paint fetches the UI at once and leaves the rest until after that paint', async () => {
    new Function(composeInlineScript({ ...bundle, consentMode }))();
    runCore(withVisitor(composeCoreScript(core, { ...bundle, consentMode }), { region: 'us', rule: 'opt-out' }), false);
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('href')).toBe('https://cdn.example.test/cdn/9/ui/4.en.js?visitor=us.opt-out');
    expect(recorded()).toHaveLength(2);
    await vi.waitFor(() => expect(recorded()).toHaveLength(3));
    expect(recorded()[2]).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', analytics_storage: 'granted', functionality_storage: 'granted', security_storage: 'granted' },
    ]);
  });

  it('[STD-8] an async core on a hidden page (a background tab, a prerender) runs the guard at once: no frame will be painted until it is shown', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    new Function(composeInlineScript({ ...bundle, consentMode }))();
    runCore(withVisitor(composeCoreScript(core, { ...bundle, consentMode }), { region: 'us', rule: 'opt-out' }), false);
    expect(recorded()[2]).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', analytics_storage: 'granted', functionality_storage: 'granted', security_storage: 'granted' },
    ]);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://cdn.example.test/cdn/9/ui/4.en.js?visitor=us.opt-out');
  });

  it("[STD-8] an async core added after the first paint (by the snippet's loader) runs the guard and adds the UI at once, without a preload", () => {
    new Function(composeInlineScript({ ...bundle, consentMode }))();
    runCore(withVisitor(composeCoreScript(core, { ...bundle, consentMode }), { region: 'us', rule: 'opt-out' }));
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://cdn.example.test/cdn/9/ui/4.en.js?visitor=us.opt-out');
    expect(recorded()[2]).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', analytics_storage: 'granted', functionality_storage: 'granted', security_storage: 'granted' },
    ]);
  });

  it('[STD-8][STD-2] on a secure page the async core reads the stored choice through the Cookie Store API, never the blocking document.cookie, then sends its update and adds the UI', async () => {
    const choice = { v: 1, categories: ['necessary', 'marketing'], at: '2026-01-01T00:00:00Z', aid: 'a' };
    vi.stubGlobal('cookieStore', {
      get: vi.fn((name: string) => Promise.resolve(name === 'cm_consent_9' ? { name, value: encodeURIComponent(JSON.stringify(choice)) } : null)),
    });
    const getter = vi.spyOn(document, 'cookie', 'get');
    new Function(composeInlineScript({ ...bundle, consentMode }))();
    runCore(composeCoreScript(core, { ...bundle, consentMode }));
    expect(recorded()).toHaveLength(2);
    await vi.waitFor(() => expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://cdn.example.test/cdn/9/ui/4.en.js'));
    expect(recorded().slice(2)).toEqual([
      ['consent', 'update', { ad_storage: 'granted', analytics_storage: 'denied', functionality_storage: 'granted', security_storage: 'granted' }],
      { event: 'cm_consent_update', cm_consent_categories: ['necessary', 'marketing'] },
    ]);
    expect(getter).not.toHaveBeenCalled();
  });

  it("[STD-8][STD-4] the async snippet's banner-full.js is the core with the UI inside: Consent Mode, then the banner in the visitor's rule, nothing fetched but the record, which goes to its origin", async () => {
    const texts = { en: { gpcApplied: 'g', optOutNotice: 'n', doNotSell: 'Do not sell', settings: 's', consentId: 'c' } };
    const site = { autoblocking: false, sharedConsent: false, sharedDomains: [] };
    const script = composeFullScript(core, ui, { ...bundle, consentMode, texts, site });
    expect(script.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
    const post = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(JSON.stringify({ id: 'r-1' }), { status: 201 })));
    vi.stubGlobal('fetch', post);
    runCore(withVisitor(script, { region: 'eu', rule: 'opt-in' }));
    expect(recorded()[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', analytics_storage: 'denied', functionality_storage: 'granted', security_storage: 'granted', wait_for_update: 500 },
    ]);
    expect(document.head.querySelector('script, link')).toBeNull();
    const root = document.getElementById('cm-banner');
    expect(root?.getAttribute('data-setup')).toBe('en');
    expect(root?.hidden).toBe(false);
    root?.querySelector<HTMLElement>('[data-consent-action="accept"]')?.click();
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toBe('https://cdn.example.test/consent/9/records');
    expect(JSON.parse(String(post.mock.calls[0]?.[1].body))).toMatchObject({ action: 'accept', regionRule: 'opt-in' });
    // A new visitor in the US.
    document.body.innerHTML = '';
    document.cookie = 'cm_consent_9=; max-age=0; path=/';
    vi.restoreAllMocks();
    runCore(withVisitor(script, { region: 'us', rule: 'opt-out' }));
    expect(document.getElementById('cm-notice')?.textContent).toContain('Do not sell');
  });

  it('[STD-8][TCF-1] with TCF on, the inline part is the IAB stub: __tcfapi answers before the core loads; nothing inline when neither is on', () => {
    expect(composeInlineScript(bundle)).toBe('');
    const inline = composeInlineScript({ ...bundle, tcf: {} as NonNullable<BannerBundle['tcf']> }, tcfStub);
    new Function(inline)();
    expect(typeof page.__tcfapi).toBe('function');
    expect(page.dataLayer).toBeUndefined();
  });
});
