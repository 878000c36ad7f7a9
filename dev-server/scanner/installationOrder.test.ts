import { describe, expect, it } from 'vitest';
import { bannerLoadedFirst } from './installationOrder';

const isBanner = (src: string): boolean => src.includes('/cdn/7/banner.js');
const banner = { src: 'https://api.example/cdn/7/banner.js', text: '' };

describe('the installation order', () => {
  it('[BEYOND-8][STD-8] the banner is first, or only its snippet\'s inline part or stub tag comes before it', () => {
    expect(bannerLoadedFirst([banner, { src: '/app.js', text: '' }], isBanner)).toBe(true);
    expect(bannerLoadedFirst([{ src: '', text: '(function(w){(w.cmConsentDefaults=[]).forEach(function(){})})(window);' }, banner], isBanner)).toBe(true);
    expect(bannerLoadedFirst([{ src: '', text: 'installStub();window.frames.__tcfapiLocator' }, banner], isBanner)).toBe(true);
    expect(bannerLoadedFirst([{ src: 'https://api.example/cdn/tcf-stub.js', text: '' }, banner], isBanner)).toBe(true);
  });

  it('[BEYOND-8] a page script before it, or no banner at all, is not', () => {
    expect(bannerLoadedFirst([{ src: '', text: 'gtag("config", "G-1")' }, banner], isBanner)).toBe(false);
    expect(bannerLoadedFirst([{ src: '/analytics.js', text: '' }, banner], isBanner)).toBe(false);
    expect(bannerLoadedFirst([{ src: '/app.js', text: '' }], isBanner)).toBe(false);
  });
});
