import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { start } from './banner';
import type { BannerConfig, TemplateFunction, TemplateFunctions } from './config';

/**
 * The runtime on a page (jsdom): what a visitor sees and what the page and the API receive.
 * The composed, built script is tested in banner/publish; customer pages in e2e/bannerLoop.
 */

const HTML =
  '<section><h2>Cookies</h2><button data-consent-action="toggle-details" aria-expanded="false">Show</button><div data-consent-details>' +
  '<input type="checkbox" data-consent-category="necessary" checked disabled><input type="checkbox" data-consent-category="statistics"><input type="checkbox" data-consent-category="marketing">' +
  '</div><button data-consent-action="decline">Decline</button><button data-consent-action="save">Save</button><button data-consent-action="accept">Accept</button></section>';

const config = (overrides: Partial<BannerConfig> = {}): BannerConfig => ({
  consentSolutionId: 7,
  version: 3,
  consentVersion: 2,
  defaultLanguage: 'en',
  html: { en: HTML, fr: HTML.replace('Cookies', 'Témoins') },
  toggleLabels: { en: { show: 'Show', hide: 'Hide' }, fr: { show: 'Afficher', hide: 'Masquer' } },
  categories: ['necessary', 'functional', 'statistics', 'marketing'],
  css: '#cm-banner { color: red; }',
  site: { autoblocking: true, sharedConsent: false, sharedDomains: [] },
  ...overrides,
});

const showHide: TemplateFunctions = {
  js: (root) => root.setAttribute('data-ready', '1'),
  displayFunction: (root) => {
    root.hidden = false;
  },
  hideFunction: (root) => {
    root.hidden = true;
  },
};

const banner = (): HTMLElement => {
  const root = document.getElementById('cm-banner');
  if (!root) throw new Error('no banner');
  return root;
};
const click = (action: string) => banner().querySelector<HTMLElement>(`[data-consent-action="${action}"]`)?.click();
const storedChoice = (id = 7): { v: number; categories: string[]; at: string; aid: string } | undefined => {
  const match = document.cookie.match(new RegExp(`(?:^|; )cm_consent_${id}=([^;]*)`));
  return match?.[1] === undefined ? undefined : JSON.parse(decodeURIComponent(match[1]));
};
const events = (): string[] => {
  const seen: string[] = [];
  for (const type of [
    'ready',
    'display',
    'hide',
    'accept',
    'decline',
    'save',
    'shared',
    'error',
    'details-shown',
    'details-hidden',
    'recorded',
    'record-failed',
  ])
    window.addEventListener(`consent:${type}`, () => seen.push(type));
  return seen;
};
const markedScript = (category: string, flag: string): void => {
  const script = document.createElement('script');
  script.type = 'text/plain';
  script.setAttribute('data-consent-category', category);
  // jsdom runs the script in the page's own context: it leaves its mark on the shared document.
  script.text = `document.documentElement.setAttribute('data-${flag}', '');`;
  document.body.appendChild(script);
};
const ran = (flag: string): boolean => document.documentElement.hasAttribute(`data-${flag}`);

const clearCookies = () => {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
};

/** Each start() watches the page; the watchers of earlier tests must not act on later ones. */
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
  document.documentElement.lang = '';
  clearCookies();
  window.location.hash = '';
  for (const flag of ['stats', 'ads', 'need']) document.documentElement.removeAttribute(`data-${flag}`);
});
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the banner runtime', () => {
  it('[ENT-2] mounts the template, runs its code, shows itself when nothing was chosen, then says it is ready', () => {
    const seen = events();
    const api = start(config(), showHide);
    expect(banner().hidden).toBe(false);
    expect(banner().getAttribute('data-ready')).toBe('1');
    expect(banner().querySelector('h2')?.textContent).toBe('Cookies');
    expect(banner().querySelector<HTMLElement>('[data-consent-details]')?.hidden).toBe(true);
    expect(document.head.querySelector('style')?.textContent?.endsWith('#cm-banner { color: red; }')).toBe(true);
    expect(window.consentBanner).toBe(api);
    expect(seen).toEqual(['display', 'ready']);
  });

  it('[CONST-2] [ENT-2] decline keeps marked scripts blocked; accept stores the choice for the consent version and runs them', () => {
    markedScript('necessary', 'need');
    markedScript('statistics', 'stats');
    const seen = events();
    start(config(), showHide);
    expect(ran('need')).toBe(true);
    expect(ran('stats')).toBe(false);

    click('decline');
    expect(storedChoice()).toMatchObject({ v: 2, categories: ['necessary'] });
    expect(banner().hidden).toBe(true);
    expect(ran('stats')).toBe(false);

    window.consentBanner?.accept();
    const choice = storedChoice();
    expect(choice).toMatchObject({ v: 2, categories: ['necessary', 'functional', 'statistics', 'marketing'] });
    expect(choice?.aid).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(new Date(choice?.at ?? '').getTime()).not.toBeNaN();
    expect(ran('stats')).toBe(true);
    expect(seen).toEqual(['display', 'ready', 'decline', 'hide', 'accept', 'hide']);
  });

  it('[ENT-2] save keeps exactly the ticked categories; scripts added later follow the stored choice', async () => {
    start(config(), showHide);
    const statistics = banner().querySelector<HTMLInputElement>('[data-consent-category="statistics"]');
    if (statistics) statistics.checked = true;
    click('save');
    expect(storedChoice()?.categories).toEqual(['necessary', 'statistics']);

    markedScript('statistics', 'stats');
    markedScript('marketing', 'ads');
    await vi.waitFor(() => expect(ran('stats')).toBe(true));
    expect(ran('ads')).toBe(false);
  });

  it('[ROUTE-14] a choice for this consent version is not asked again; push for consent (a newer version) asks again', () => {
    document.cookie = `cm_consent_7=${encodeURIComponent(JSON.stringify({ v: 2, categories: ['necessary'], at: '2026-01-01T00:00:00.000Z', aid: 'a'.repeat(20) }))}; path=/`;
    start(config(), showHide);
    expect(banner().hidden).toBe(true);
    expect(window.consentBanner?.anonymousId()).toBe('a'.repeat(20));

    document.body.innerHTML = '';
    start(config({ consentVersion: 3 }), showHide);
    expect(banner().hidden).toBe(false);
    window.consentBanner?.decline();
    expect(storedChoice()).toMatchObject({ v: 3, aid: 'a'.repeat(20) });
  });

  it("[ENT-3] speaks the visitor's language first, then the page's, else the default", () => {
    vi.stubGlobal('navigator', { ...window.navigator, languages: ['de-DE', 'fr-FR'], language: 'de-DE' });
    expect(start(config(), showHide).language).toBe('fr');
    expect(banner().getAttribute('lang')).toBe('fr');
    expect(banner().querySelector('h2')?.textContent).toBe('Témoins');

    vi.stubGlobal('navigator', { ...window.navigator, languages: ['de-DE'], language: 'de-DE' });
    document.documentElement.lang = 'fr';
    expect(start(config(), showHide).language).toBe('fr');
    document.documentElement.lang = 'it';
    expect(start(config(), showHide).language).toBe('en');
  });

  it('[ENT-2] the details toggle shows the panel and swaps its label', () => {
    const seen = events();
    start(config(), showHide);
    click('toggle-details');
    const toggle = banner().querySelector('[data-consent-action="toggle-details"]');
    expect(banner().querySelector<HTMLElement>('[data-consent-details]')?.hidden).toBe(false);
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    expect(toggle?.textContent).toBe('Hide');
    click('toggle-details');
    expect(toggle?.textContent).toBe('Show');
    expect(seen.slice(-2)).toEqual(['details-shown', 'details-hidden']);
  });

  it('[ENT-2] [BEYOND-1] a failing template function is reported with its name and never breaks the page', () => {
    const details: unknown[] = [];
    window.addEventListener('consent:error', (event) => details.push((event as CustomEvent).detail));
    const broken: TemplateFunction = () => {
      throw new Error('boom');
    };
    expect(() => start(config(), { ...showHide, js: broken, displayFunction: broken })).not.toThrow();
    expect(details).toEqual([
      { function: 'js', message: 'boom' },
      { function: 'displayFunction', message: 'boom' },
    ]);
  });

  it('[BEYOND-1] a preview shows the chosen language, tells the admin frame, and stores nothing', () => {
    const posted = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    markedScript('statistics', 'stats');
    const api = start(config({ preview: { language: 'fr' }, site: undefined }), showHide);
    expect(api.language).toBe('fr');
    api.accept();
    expect(document.cookie).not.toContain('cm_consent_7');
    expect(ran('stats')).toBe(false);
    expect(posted).toHaveBeenCalledWith(
      { source: 'cm-preview', type: 'accept', detail: { categories: ['necessary', 'functional', 'statistics', 'marketing'] } },
      '*',
    );
    expect(posted).toHaveBeenCalledWith({ source: 'cm-preview', type: 'ready', detail: { language: 'fr' } }, '*');
  });

  it('[BEYOND-3] [BEYOND-9] a published banner reports each decision to the API it was served from', async () => {
    const script = document.createElement('script');
    script.src = 'https://cdn.example.test/cdn/7/banner.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 'rec-1' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const recorded = new Promise((resolve) => window.addEventListener('consent:recorded', (event) => resolve((event as CustomEvent).detail), { once: true }));

    start(config(), showHide);
    click('decline');
    await expect(recorded).resolves.toEqual({ id: 'rec-1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://cdn.example.test/consent/7/records');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'text/plain' } });
    expect(JSON.parse(String(init.body))).toMatchObject({
      categories: ['necessary'],
      consentVersion: 2,
      action: 'decline',
      language: 'en',
      anonymousId: storedChoice()?.aid,
    });
  });

  it("[ROUTE-14] [ENT-2] shared consent: a linked visitor gets the sibling site's choice, and links to siblings carry the id", async () => {
    const aid = 'b'.repeat(24);
    window.location.hash = `cm_aid=${aid}`;
    const script = document.createElement('script');
    script.src = 'https://cdn.example.test/cdn/7/banner.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    const fetch = vi.fn(async (url: string) =>
      url.includes('/shared?') ? new Response(JSON.stringify({ consent: { categories: ['necessary', 'statistics'] } })) : new Response('{}', { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    const shared = new Promise((resolve) => window.addEventListener('consent:shared', (event) => resolve((event as CustomEvent).detail), { once: true }));

    start(config({ site: { autoblocking: true, sharedConsent: true, sharedDomains: ['sister.test'] } }), showHide);
    await expect(shared).resolves.toEqual({ categories: ['necessary', 'statistics'] });
    expect(fetch.mock.calls[0]?.[0]).toBe(`https://cdn.example.test/consent/7/shared?anonymousId=${aid}`);
    expect(storedChoice()).toMatchObject({ categories: ['necessary', 'statistics'], aid });
    expect(banner().hidden).toBe(true);

    const sister = document.createElement('a');
    sister.href = 'https://shop.sister.test/page';
    const elsewhere = document.createElement('a');
    elsewhere.href = 'https://other.test/page';
    document.body.append(sister, elsewhere);
    for (const link of [sister, elsewhere]) link.addEventListener('click', (event) => event.preventDefault());
    sister.click();
    elsewhere.click();
    expect(sister.href).toBe(`https://shop.sister.test/page#cm_aid=${aid}`);
    expect(elsewhere.href).toBe('https://other.test/page');
  });
});
