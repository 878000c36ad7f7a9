import { describe, expect, it } from 'vitest';
import { coreLoaderScript } from '../../banner/publish/coreLoader';
import { bannerLoadedFirst, bannerScriptOf, snippetKind } from './installationOrder';

const isBanner = bannerScriptOf(7);
const banner = { src: 'https://api.example/cdn/7/banner.js', text: '' };
/** The async snippet: its inline part (here the Consent Mode defaults), then the loader of banner-full.js. */
const snippet = {
  src: '',
  text: `(function(w){(w.cmConsentDefaults=[]).forEach(function(){})})(window);\n${coreLoaderScript('https://api.example/cdn/7/banner-full.js', '7')}`,
};
const loaderOnly = { src: '', text: coreLoaderScript('https://api.example/cdn/7/banner-full.js', '7') };

describe('the installation order', () => {
  it("[BEYOND-8][STD-8] the banner is first, or only its snippet's inline part or stub tag comes before it", () => {
    expect(bannerLoadedFirst([banner, { src: '/app.js', text: '' }], isBanner)).toBe(true);
    expect(bannerLoadedFirst([{ src: '', text: '(function(w){(w.cmConsentDefaults=[]).forEach(function(){})})(window);' }, banner], isBanner)).toBe(true);
    expect(bannerLoadedFirst([{ src: '', text: 'installStub();window.frames.__tcfapiLocator' }, banner], isBanner)).toBe(true);
    expect(bannerLoadedFirst([{ src: 'https://api.example/cdn/tcf-stub.js', text: '' }, banner], isBanner)).toBe(true);
  });

  it('[BEYOND-8][STD-8] the async snippet counts where it is: its loader adds the banner at the end of the head, after the first paint', () => {
    const added = { src: 'https://api.example/cdn/7/banner-full.js', text: '' };
    expect(bannerLoadedFirst([snippet, { src: '/app.js', text: '' }, added], isBanner)).toBe(true);
    expect(bannerLoadedFirst([loaderOnly, { src: '/app.js', text: '' }], isBanner)).toBe(true);
    expect(bannerLoadedFirst([{ src: '/app.js', text: '' }, loaderOnly, added], isBanner)).toBe(false);
    expect(isBanner(added)).toBe(true);
    expect(isBanner({ src: '', text: coreLoaderScript('https://api.example/cdn/77/banner-full.js', '77') })).toBe(false);
    expect(isBanner({ src: 'https://api.example/cdn/7/banner.json', text: '' })).toBe(false);
  });

  it('[BEYOND-8] a page script before it, or no banner at all, is not', () => {
    expect(bannerLoadedFirst([{ src: '', text: 'gtag("config", "G-1")' }, banner], isBanner)).toBe(false);
    expect(bannerLoadedFirst([{ src: '/analytics.js', text: '' }, banner], isBanner)).toBe(false);
    expect(bannerLoadedFirst([{ src: '/app.js', text: '' }], isBanner)).toBe(false);
  });

  it('[PROMISE-5] the snippet of the Installation tab is told apart from an older one still on the page', () => {
    const current = { src: 'https://api.example/cdn/7/loader.js', text: '' };
    const added = { src: 'https://api.example/cdn/7/banner-full.js', text: '' };
    expect(snippetKind([current, { src: '/app.js', text: '' }, added], 7)).toBe('current');
    expect(bannerLoadedFirst([current, { src: '/app.js', text: '' }, added], isBanner)).toBe(true);
    expect(snippetKind([snippet, added], 7)).toBe('older');
    expect(snippetKind([banner], 7)).toBe('older');
    expect(snippetKind([{ src: 'https://api.example/cdn/77/loader.js', text: '' }], 7)).toBeNull();
    expect(snippetKind([{ src: '/app.js', text: '' }], 7)).toBeNull();
  });
});
