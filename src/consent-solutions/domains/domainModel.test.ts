import { describe, expect, it } from 'vitest';
import { priceTableSchema } from '../../shared/pricing';
import {
  domainCreateDefaults,
  planOf,
  pricePreview,
  scanFrequencyLabelKey,
  scannerDefaultsFrom,
  toDomainCreateBody,
  toDomainUpdateBody,
  type DomainFormValues,
} from './domainModel';
import { domainStatusVariant } from './domainStatus';

// A table of the API's shape (CONST-3 sample prices): the tests own their numbers, the app
// never does.
const table = priceTableSchema.parse({
  version: 'v2',
  currency: 'EUR',
  monthlyCentsPerPublicDomainByDepth: { 500: 900, 5000: 1900, 15000: 4900 },
  frequencyFactorsInBasisPoints: { monthly: 10_000, weekly: 15_000, daily: 25_000, no_scan: 5_000 },
  planFactorsInBasisPoints: { essential: 10_000, professional: 16_000 },
  monthsBilledPerYear: 10,
});

const website: DomainFormValues = { canonicalDomain: 'example.com', type: 'website', defaultLanguage: 'en', scanDepth: 500, scanFrequency: 7 };

describe('scanner defaults', () => {
  it("[ENT-6] uses the account's defaultDomainSettings", () => {
    expect(scannerDefaultsFrom({ scan_depth: 5000, scan_frequency: 30 })).toEqual({ scanDepth: 5000, scanFrequency: 30 });
  });

  it('[ENT-1] falls back to 500 pages weekly when the account has none', () => {
    expect(scannerDefaultsFrom(undefined)).toEqual({ scanDepth: 500, scanFrequency: 7 });
  });

  it('[ENT-1] keeps "no scan" (0) but does not read null as 0', () => {
    expect(scannerDefaultsFrom({ scan_depth: 15000, scan_frequency: 0 })).toEqual({ scanDepth: 15000, scanFrequency: 0 });
    expect(scannerDefaultsFrom({ scan_depth: null, scan_frequency: null })).toEqual({ scanDepth: 500, scanFrequency: 7 });
  });

  it('[ENT-1] replaces each unknown value on its own', () => {
    expect(scannerDefaultsFrom({ scan_depth: 42, scan_frequency: '1' })).toEqual({ scanDepth: 500, scanFrequency: 1 });
    expect(scannerDefaultsFrom({ scan_depth: '5000', scan_frequency: 3 })).toEqual({ scanDepth: 5000, scanFrequency: 7 });
  });

  it('[ROUTE-16] the add-domain form starts as a public domain in the solution language', () => {
    expect(domainCreateDefaults({ scanDepth: 500, scanFrequency: 7 }, 'fr')).toEqual({
      canonicalDomain: '',
      type: 'website',
      defaultLanguage: 'fr',
      scanDepth: 500,
      scanFrequency: 7,
    });
  });
});

describe('labels', () => {
  it('[ENT-1] names the frequency in days', () => {
    expect(scanFrequencyLabelKey(1)).toBe('resources.domains.frequencies.daily');
    expect(scanFrequencyLabelKey(7)).toBe('resources.domains.frequencies.weekly');
    expect(scanFrequencyLabelKey(30)).toBe('resources.domains.frequencies.monthly');
    expect(scanFrequencyLabelKey(0)).toBe('resources.domains.frequencies.no_scan');
    expect(scanFrequencyLabelKey(3)).toBe('3');
  });

  it('[ROUTE-23] maps a domain status to a badge variant', () => {
    expect(domainStatusVariant('active')).toBe('success');
    expect(domainStatusVariant('pending')).toBe('pending');
    expect(domainStatusVariant('error')).toBe('error');
  });
});

describe('bodies', () => {
  it('[ROUTE-16] builds the POST /domains body with the fixed consent solution and a trimmed domain', () => {
    expect(toDomainCreateBody(12, { ...website, canonicalDomain: '  shop.example.com ' })).toEqual({
      consentSolutionId: 12,
      canonicalDomain: 'shop.example.com',
      type: 'website',
      defaultLanguage: 'en',
      scanDepth: 500,
      scanFrequency: 7,
    });
  });

  it('[ROUTE-16] the PATCH body leaves out the immutable canonical domain and type', () => {
    expect(toDomainUpdateBody({ ...website, scanDepth: 15000 })).toEqual({ defaultLanguage: 'en', scanDepth: 15000, scanFrequency: 7 });
  });
});

describe('price preview', () => {
  it('[PROD-4] a new website domain adds its monthly price', () => {
    expect(pricePreview(table, null, website, 'essential')).toEqual({ kind: 'adds', monthlyCents: 1350 });
    expect(pricePreview(table, null, { ...website, scanDepth: 5000, scanFrequency: 1 }, 'professional')).toEqual({
      kind: 'adds',
      monthlyCents: 7600,
    });
  });

  it('[PROD-4] aliases are not charged', () => {
    expect(pricePreview(table, null, { ...website, type: 'internal_alias' }, 'essential')).toEqual({ kind: 'not_charged' });
    expect(pricePreview(table, { ...website, type: 'external_alias' }, { ...website, scanDepth: 15000 }, 'essential')).toEqual({
      kind: 'not_charged',
    });
  });

  it('[BEYOND-6] an edit shows the monthly change of new depth or frequency', () => {
    expect(pricePreview(table, website, { ...website, scanDepth: 5000 }, 'essential')).toEqual({
      kind: 'change',
      deltaCents: 1500,
      monthlyCents: 2850,
    });
    expect(pricePreview(table, website, { ...website, scanFrequency: 0 }, 'essential')).toEqual({
      kind: 'change',
      deltaCents: -900,
      monthlyCents: 450,
    });
  });

  it('[PROD-4] an edit that keeps the scanner settings shows the current price', () => {
    expect(pricePreview(table, website, { ...website }, 'essential')).toEqual({ kind: 'unchanged', monthlyCents: 1350 });
  });

  it('[PROD-4] no price for settings that are not valid choices yet', () => {
    expect(pricePreview(table, null, { ...website, scanDepth: '' as unknown as 500 }, 'essential')).toBeNull();
  });

  it('[PROD-4] previews on the plan of the subscription', () => {
    expect(planOf({ subscriptionType: 'professional' })).toBe('professional');
    expect(planOf({ subscriptionType: 'essential' })).toBe('essential');
    expect(planOf(undefined)).toBe('essential');
  });
});
