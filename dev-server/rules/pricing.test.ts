import { describe, expect, it } from 'vitest';
import { priceDelta, quote, type PricedDomain } from '../../src/shared/pricing';
import { CURRENT_PRICING_VERSION, priceTableFor, PRICE_TABLES } from './pricing';

const table = priceTableFor(CURRENT_PRICING_VERSION);
const site = (overrides: Partial<PricedDomain> = {}): PricedDomain => ({
  canonicalDomain: 'example.com',
  type: 'website',
  scanDepth: 500,
  scanFrequency: 30,
  ...overrides,
});
const monthly = (domain: PricedDomain, plan: 'essential' | 'professional' = 'essential') => quote(table, [domain], plan, 'month').monthlyTotalCents;

describe('sample price table v2', () => {
  it('[CONST-3] charges €9, €19 and €49 per month for depths 500, 5000 and 15000 scanned monthly', () => {
    expect(monthly(site({ scanDepth: 500 }))).toBe(900);
    expect(monthly(site({ scanDepth: 5000 }))).toBe(1900);
    expect(monthly(site({ scanDepth: 15000 }))).toBe(4900);
  });

  it('[CONST-3] prices a weekly 5000-page domain', () => {
    expect(monthly(site({ scanDepth: 5000, scanFrequency: 7 }))).toBe(2850);
  });

  it('[CONST-3] applies the frequency factors daily ×2.5, weekly ×1.5, monthly ×1, no scan ×0.5', () => {
    expect([1, 7, 30, 0].map((days) => monthly(site({ scanDepth: 15000, scanFrequency: days as PricedDomain['scanFrequency'] })))).toEqual([
      12250, 7350, 4900, 2450,
    ]);
  });

  it('[CONST-3] Professional is ×1.6 without float error', () => {
    // 19 × 2.5 × 1.6 = 76 exactly; in floating point 1900 * 2.5 * 1.6 is 7600.000000000001.
    expect(monthly(site({ scanDepth: 5000, scanFrequency: 1 }), 'professional')).toBe(7600);
    expect(monthly(site({ scanDepth: 500 }), 'professional')).toBe(1440);
  });

  it('[CONST-3] yearly costs ten months; VAT is separate', () => {
    const result = quote(table, [site({ scanDepth: 5000, scanFrequency: 7 }), site({ canonicalDomain: 'shop.example.com' })], 'essential', 'year', 0.2);
    expect(result).toMatchObject({
      currency: 'EUR',
      priceTableVersion: 'v2',
      monthlyTotalCents: 3750,
      yearlyTotalCents: 37500,
      netCents: 37500,
      vatCents: 7500,
      totalInclVatCents: 45000,
    });
  });

  it('[PROD-4] only website domains are charged', () => {
    const domains = [
      site(),
      site({ canonicalDomain: 'staging.example.com', type: 'internal_alias' }),
      site({ canonicalDomain: 'preview.example.net', type: 'external_alias', scanDepth: 15000, scanFrequency: 1 }),
    ];
    const result = quote(table, domains, 'professional', 'month');
    expect(result.lines.map((line) => line.monthlyCents)).toEqual([1440, 0, 0]);
  });

  it('[BEYOND-6] price delta of a depth change', () => {
    const before = { domains: [site({ scanDepth: 500, scanFrequency: 7 })], plan: 'essential' as const };
    const after = { domains: [site({ scanDepth: 5000, scanFrequency: 7 })], plan: 'essential' as const };
    const delta = priceDelta(table, before, after);
    expect(delta).toEqual({ currency: 'EUR', monthlyDeltaCents: 1500, yearlyDeltaCents: 15000 });
  });

  it('[ENT-6] the sample account pricing version v2 is the current table; an unknown version falls back to it', () => {
    expect(Object.keys(PRICE_TABLES)).toContain('v2');
    expect(priceTableFor('v2')).toBe(table);
    expect(priceTableFor('v0')).toBe(table);
    expect(priceTableFor(null)).toBe(table);
  });
});
