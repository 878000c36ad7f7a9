import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { start } from './banner';
import type { BannerConfig, TemplateFunctions } from './config';

/**
 * What the banner promises on the customer's page (jsdom): marked scripts, iframes and images
 * wait for their category whatever the autoblocking setting, a blocked embed's placeholder
 * consents in place, the settings control reopens the choices and a withdrawal removes the
 * declined categories' cookies and is recorded as a change. The same in Chromium: e2e/promises.
 */

const HTML =
  '<section><h2>Cookies</h2><div data-consent-details>' +
  '<input type="checkbox" data-consent-category="necessary" checked disabled><input type="checkbox" data-consent-category="statistics"><input type="checkbox" data-consent-category="marketing">' +
  '</div><button data-consent-action="decline">Decline</button><button data-consent-action="save">Save</button><button data-consent-action="accept">Accept</button></section>';

const CONTROLS = {
  privacySettings: 'Privacy settings',
  placeholder: 'Hidden until you accept {category} cookies.',
  placeholderAccept: 'Accept {category} cookies and show it',
  categories: { necessary: 'Necessary', functional: 'Functional', statistics: 'Statistics', marketing: 'Marketing' },
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
  controls: { en: CONTROLS },
  cookies: [
    { name: '_ga', category: 'statistics' },
    { name: '_fbp', category: 'marketing' },
  ],
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

const banner = (): HTMLElement => document.getElementById('cm-banner') as HTMLElement;
const click = (action: string) => banner().querySelector<HTMLElement>(`[data-consent-action="${action}"]`)?.click();
const box = (category: string) => banner().querySelector<HTMLInputElement>(`input[data-consent-category="${category}"]`) as HTMLInputElement;
const ran = (flag: string): boolean => document.documentElement.hasAttribute(`data-${flag}`);
const cookieNames = (): string[] => document.cookie.split('; ').map((pair) => pair.split('=')[0] ?? '');

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
  for (const name of cookieNames()) if (name) document.cookie = `${name}=; max-age=0; path=/`;
  document.documentElement.removeAttribute('data-stats');
});
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A script, an iframe and an image marked as the Installation tab's guides say. */
const markedPage = (): { iframe: HTMLIFrameElement; image: HTMLImageElement } => {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<script type="text/plain" data-consent-category="statistics">document.documentElement.setAttribute("data-stats", "")</script>' +
      '<iframe title="Our video" width="320" height="180" data-src="https://video.example.test/embed/1" data-consent-category="marketing"></iframe>' +
      '<img alt="" data-src="https://pixel.example.test/p.gif" data-consent-category="statistics">',
  );
  // innerHTML scripts never run: the page's marked script is a live element, as the parser makes it.
  const script = document.createElement('script');
  script.type = 'text/plain';
  script.setAttribute('data-consent-category', 'statistics');
  script.text = 'document.documentElement.setAttribute("data-stats", "")';
  document.body.querySelector('script')?.replaceWith(script);
  return { iframe: document.querySelector('iframe') as HTMLIFrameElement, image: document.querySelector('img') as HTMLImageElement };
};

describe('marked scripts, iframes and images', () => {
  it('[PROMISE-1] stay inert with autoblocking off until their category is accepted; the embed shows a placeholder that consents in place', () => {
    const { iframe, image } = markedPage();
    start(config(), showHide);
    expect(ran('stats')).toBe(false);
    expect(iframe.getAttribute('src')).toBeNull();
    expect(image.getAttribute('src')).toBeNull();

    const placeholder = document.querySelector<HTMLElement>('.cm-placeholder');
    expect(placeholder?.getAttribute('lang')).toBe('en');
    expect(placeholder?.textContent).toContain('Our video');
    expect(placeholder?.textContent).toContain('Hidden until you accept Marketing cookies.');
    expect(placeholder?.nextElementSibling).toBe(iframe);
    expect(iframe.hidden).toBe(true);

    // Statistics only: the script runs and the image loads, the video stays behind its placeholder.
    box('statistics').checked = true;
    click('save');
    expect(ran('stats')).toBe(true);
    expect(image.getAttribute('src')).toBe('https://pixel.example.test/p.gif');
    expect(iframe.getAttribute('src')).toBeNull();

    placeholder?.querySelector('button')?.click();
    expect(iframe.getAttribute('src')).toBe('https://video.example.test/embed/1');
    expect(iframe.hidden).toBe(false);
    expect(document.querySelector('.cm-placeholder')).toBeNull();
    expect(window.consentBanner?.get()?.categories).toEqual(['necessary', 'statistics', 'marketing']);
  });

  it('[PROMISE-1] a marked element the page adds later waits too, and runs at once once consented', async () => {
    start(config(), showHide);
    const late = document.createElement('img');
    late.setAttribute('data-src', 'https://pixel.example.test/late.gif');
    late.setAttribute('data-consent-category', 'statistics');
    document.body.appendChild(late);
    await Promise.resolve();
    expect(late.getAttribute('src')).toBeNull();
    click('accept');
    expect(late.getAttribute('src')).toBe('https://pixel.example.test/late.gif');
    const later = late.cloneNode() as HTMLImageElement;
    later.setAttribute('data-src', 'https://pixel.example.test/later.gif');
    later.removeAttribute('src');
    document.body.appendChild(later);
    await vi.waitFor(() => expect(later.getAttribute('src')).toBe('https://pixel.example.test/later.gif'));
  });
});

describe('the privacy settings control', () => {
  it('[PROMISE-2] a floating button appears after the decision, reopens the choices as they stand and returns focus to itself', () => {
    start(config(), showHide);
    const control = document.getElementById('cm-settings') as HTMLButtonElement;
    expect(control.hidden).toBe(true);
    expect(control.getAttribute('aria-label')).toBe('Privacy settings');
    box('statistics').checked = true;
    click('save');
    expect(control.hidden).toBe(false);

    control.focus();
    control.click();
    expect(banner().hidden).toBe(false);
    expect(box('statistics').checked).toBe(true);
    expect(box('marketing').checked).toBe(false);
    expect(document.activeElement).toBe(banner());
    click('decline');
    expect(document.activeElement).toBe(control);
  });

  it("[PROMISE-2] the customer's own element with data-consent-settings replaces the button, and works from the keyboard", () => {
    document.body.insertAdjacentHTML('beforeend', '<footer><span data-consent-settings>Cookie settings</span></footer>');
    start(config(), showHide);
    click('accept');
    expect(document.getElementById('cm-settings')).toBeNull();
    const own = document.querySelector<HTMLElement>('[data-consent-settings]') as HTMLElement;
    expect(own.getAttribute('role')).toBe('button');
    expect(own.tabIndex).toBe(0);
    own.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(banner().hidden).toBe(false);
  });

  it('[PROMISE-2] withdrawing removes the listed cookies of the declined categories on every path and domain it can reach, and is recorded as a change of the earlier record', async () => {
    const script = document.createElement('script');
    script.src = 'https://cdn.example.test/cdn/7/banner-full.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    let next = 0;
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: `rec-${++next}` }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const written: string[] = [];
    const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      setter?.set?.call(document, value);
    });
    const recorded = () =>
      new Promise((resolve) => window.addEventListener('consent:recorded', (event) => resolve((event as CustomEvent).detail), { once: true }));

    start(config(), showHide);
    const first = recorded();
    click('accept');
    await expect(first).resolves.toEqual({ id: 'rec-1' });
    document.cookie = '_ga=GA1.1.1; path=/';
    document.cookie = '_fbp=fb.1; path=/';
    document.cookie = 'unlisted=1; path=/';
    written.length = 0;

    document.getElementById('cm-settings')?.click();
    const second = recorded();
    box('statistics').checked = false;
    box('marketing').checked = true;
    click('save');
    await expect(second).resolves.toEqual({ id: 'rec-2' });
    expect(cookieNames()).toEqual(expect.arrayContaining(['_fbp', 'unlisted']));
    expect(cookieNames()).not.toContain('_ga');
    const removals = written.filter((value) => value.startsWith('_ga=;'));
    expect(removals).toContain('_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
    expect(removals).toContain(`_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=${window.location.hostname}`);
    expect(written.some((value) => value.startsWith('_fbp=;'))).toBe(false);

    const bodies = fetch.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ action: 'accept', change: false });
    expect(bodies[0]?.replaces).toBeUndefined();
    expect(bodies[1]).toMatchObject({ action: 'save', categories: ['necessary', 'marketing'], change: true, replaces: 'rec-1' });
  });
});
