import thirdPartyWeb from 'third-party-web/nostats-subset.js';
import { describe, expect, it } from 'vitest';
import { classifyHost, consentCategoryOfHost, isThirdParty, registrableDomain, type ThirdPartyCategory } from './thirdParties';

describe('third parties', () => {
  it('[SCAN-4] names the company and category of a known host, subdomains included, and nothing for an unknown one', () => {
    expect(classifyHost('www.google-analytics.com')).toEqual({ company: 'Google', entity: 'Google Analytics', category: 'analytics' });
    expect(classifyHost('region1.google-analytics.com').company).toBe('Google');
    expect(classifyHost('connect.facebook.net')).toMatchObject({ company: 'Facebook', category: 'social' });
    expect(classifyHost('px.ads.linkedin.com').category).toBe('ad');
    expect(classifyHost('WWW.GOOGLETAGMANAGER.COM').category).toBe('tag-manager');
    expect(classifyHost('pixel.tracker.test')).toEqual({ company: null, entity: null, category: null });
    expect(classifyHost('127.0.0.1').company).toBeNull();
  });

  it('[SCAN-4] decides first or third party on registrable domains, private suffixes and addresses included', () => {
    expect(registrableDomain('.www.shop.co.uk')).toBe('shop.co.uk');
    expect(isThirdParty('static.shop.com', 'shop.com')).toBe(false);
    expect(isThirdParty('.shop.com', 'www.shop.com')).toBe(false);
    expect(isThirdParty('shop.com.evil.test', 'shop.com')).toBe(true);
    expect(isThirdParty('www.google-analytics.com', 'shop.com')).toBe(true);
    // Two sites on one hosting suffix are two sites, as browsers see them.
    expect(isThirdParty('alice.github.io', 'bob.github.io')).toBe(true);
    expect(isThirdParty('127.0.0.1', 'shop.test')).toBe(true);
    expect(isThirdParty('127.0.0.1', '127.0.0.1')).toBe(false);
  });

  it('[SCAN-4] maps every category the package knows to the consent a request needs', () => {
    const known: Record<ThirdPartyCategory, true> = {
      ad: true,
      analytics: true,
      cdn: true,
      'consent-provider': true,
      content: true,
      'customer-success': true,
      hosting: true,
      marketing: true,
      other: true,
      social: true,
      'tag-manager': true,
      utility: true,
      video: true,
    };
    // A package update with a new category fails here rather than classifying it silently.
    expect([...new Set(thirdPartyWeb.entities.map((e) => e.category))].filter((category) => !(category in known))).toEqual([]);
    expect(consentCategoryOfHost('ad')).toBe('marketing');
    expect(consentCategoryOfHost('social')).toBe('marketing');
    expect(consentCategoryOfHost('analytics')).toBe('statistics');
    expect(consentCategoryOfHost('video')).toBe('functional');
    expect(consentCategoryOfHost('cdn')).toBe('necessary');
    expect(consentCategoryOfHost('tag-manager')).toBe('necessary');
    expect(consentCategoryOfHost('other')).toBe('unclassified');
    expect(consentCategoryOfHost(null)).toBe('unclassified');
  });
});
