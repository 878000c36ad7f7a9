import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCAN_DEPTHS, SCAN_FREQUENCY_DAY_VALUES } from './domainTypes';
import { domainMonthlyCents, formatCents, priceDelta, priceTableSchema, quote, type PricedDomain, type PriceTable } from './pricing';

// A fixture with awkward numbers, so the arithmetic is tested apart from the sample prices
// (those are tested with the served table in dev-server/rules/pricing.test.ts).
const table: PriceTable = {
  version: 'test',
  currency: 'EUR',
  monthlyCentsPerPublicDomainByDepth: { 500: 333, 5000: 1001, 15000: 4999 },
  frequencyFactorsInBasisPoints: { daily: 25_000, weekly: 15_000, monthly: 10_000, no_scan: 5_000 },
  planFactorsInBasisPoints: { essential: 10_000, professional: 16_000 },
  monthsBilledPerYear: 10,
};

const site = (canonicalDomain: string, overrides: Partial<PricedDomain> = {}): PricedDomain => ({
  canonicalDomain,
  type: 'website',
  scanDepth: 500,
  scanFrequency: 30,
  ...overrides,
});

describe('quote', () => {
  it('[PROD-4] only website domains are charged', () => {
    const domains = [site('a.com'), site('staging.a.com', { type: 'internal_alias' }), site('a.netlify.app', { type: 'external_alias' })];
    const result = quote(table, domains, 'essential', 'month');
    expect(result.lines.map((line) => [line.canonicalDomain, line.charged, line.monthlyCents])).toEqual([
      ['a.com', true, 333],
      ['staging.a.com', false, 0],
      ['a.netlify.app', false, 0],
    ]);
    expect(result.chargedDomainCount).toBe(1);
    expect(result.monthlyTotalCents).toBe(333);
  });

  it('[CONST-3] rounds half up per line in integer cents', () => {
    // 333 × 0.5 = 166.5 → 167; 333 × 1.5 = 499.5 → 500; 333 × 1.5 × 1.6 = 799.2 → 799
    expect(domainMonthlyCents(table, site('a.com', { scanFrequency: 0 }), 'essential')).toBe(167);
    expect(domainMonthlyCents(table, site('a.com', { scanFrequency: 7 }), 'essential')).toBe(500);
    expect(domainMonthlyCents(table, site('a.com', { scanFrequency: 7 }), 'professional')).toBe(799);
  });

  it('[CONST-3] yearly is monthly times the months billed per year, per line and in total', () => {
    const result = quote(table, [site('a.com'), site('b.com', { scanDepth: 15000, scanFrequency: 1 })], 'professional', 'year');
    for (const line of result.lines) expect(line.yearlyCents).toBe(line.monthlyCents * 10);
    expect(result.yearlyTotalCents).toBe(result.monthlyTotalCents * 10);
    expect(result.netCents).toBe(result.yearlyTotalCents);
  });

  it('[CONST-3] keeps VAT separate and rounds it to the cent', () => {
    const result = quote(table, [site('a.com', { scanDepth: 5000 })], 'essential', 'month', 0.2);
    expect(result).toMatchObject({ netCents: 1001, vatRate: 0.2, vatCents: 200, totalInclVatCents: 1201, currency: 'EUR', priceTableVersion: 'test' });
    // 0.07 × 50 is 3.5000000000000004 in floating point; basis points make it exactly 3.5 → 4.
    const small: PriceTable = { ...table, monthlyCentsPerPublicDomainByDepth: { 500: 50, 5000: 50, 15000: 50 } };
    expect(quote(small, [site('a.com')], 'essential', 'month', 0.07).vatCents).toBe(4);
    expect(quote(table, [site('a.com')], 'essential', 'month').vatCents).toBe(0);
  });

  it('[CONST-3] refuses an impossible VAT rate or a frequency that is not an option', () => {
    expect(() => quote(table, [], 'essential', 'month', -0.1)).toThrow(RangeError);
    expect(() => quote(table, [], 'essential', 'month', 1.5)).toThrow(RangeError);
    expect(() => quote(table, [], 'essential', 'month', Number.NaN)).toThrow(RangeError);
    const odd = { ...site('a.com'), scanFrequency: 14 } as unknown as PricedDomain;
    expect(() => quote(table, [odd], 'essential', 'month')).toThrow(/scan frequency/);
  });

  it('[BEYOND-6] an account without domains costs nothing', () => {
    expect(quote(table, [], 'professional', 'year')).toMatchObject({ lines: [], monthlyTotalCents: 0, yearlyTotalCents: 0, totalInclVatCents: 0 });
  });

  it('[BEYOND-6] keeps domain ids on the lines for the per-domain cost table', () => {
    expect(quote(table, [site('a.com', { id: 7 })], 'essential', 'month').lines[0]?.id).toBe(7);
  });

  it('[CONST-3] totals are always whole cents and equal the sum of the lines', () => {
    const domainArbitrary = fc.record({
      canonicalDomain: fc.constant('x.com'),
      type: fc.constantFrom('website' as const, 'internal_alias' as const, 'external_alias' as const),
      scanDepth: fc.constantFrom(...SCAN_DEPTHS),
      scanFrequency: fc.constantFrom(...SCAN_FREQUENCY_DAY_VALUES),
    });
    fc.assert(
      fc.property(
        fc.array(domainArbitrary, { maxLength: 30 }),
        fc.constantFrom('essential' as const, 'professional' as const),
        fc.integer({ min: 0, max: 10_000 }),
        (domains, plan, vatBasisPoints) => {
          const result = quote(table, domains, plan, 'month', vatBasisPoints / 10_000);
          expect(Number.isInteger(result.monthlyTotalCents) && Number.isInteger(result.vatCents)).toBe(true);
          expect(result.monthlyTotalCents).toBe(result.lines.reduce((sum, line) => sum + line.monthlyCents, 0));
        },
      ),
    );
  });
});

describe('priceDelta', () => {
  it('[BEYOND-6] price delta of a depth change', () => {
    const before = { domains: [site('a.com', { scanDepth: 500 })], plan: 'essential' as const };
    const after = { domains: [site('a.com', { scanDepth: 5000 })], plan: 'essential' as const };
    expect(priceDelta(table, before, after)).toEqual({ currency: 'EUR', monthlyDeltaCents: 668, yearlyDeltaCents: 6680 });
  });

  it('[PROD-4] adding an alias changes nothing; removing a website saves its price', () => {
    const base = [site('a.com'), site('b.com', { scanFrequency: 7 })];
    const withAlias = [...base, site('t.a.com', { type: 'internal_alias' })];
    expect(priceDelta(table, { domains: base, plan: 'essential' }, { domains: withAlias, plan: 'essential' }).monthlyDeltaCents).toBe(0);
    expect(priceDelta(table, { domains: base, plan: 'essential' }, { domains: [site('a.com')], plan: 'essential' }).monthlyDeltaCents).toBe(-500);
  });

  it('[BEYOND-6] prices a plan change', () => {
    const domains = [site('a.com', { scanDepth: 5000 })];
    expect(priceDelta(table, { domains, plan: 'essential' }, { domains, plan: 'professional' }).monthlyDeltaCents).toBe(1602 - 1001);
  });
});

describe('price table and formatting', () => {
  it('[CONST-3] validates a fetched table', () => {
    expect(priceTableSchema.parse(JSON.parse(JSON.stringify(table)))).toEqual(table);
    expect(priceTableSchema.safeParse({ ...table, monthlyCentsPerPublicDomainByDepth: { 500: 9.5, 5000: 1, 15000: 1 } }).success).toBe(false);
    expect(priceTableSchema.safeParse({ ...table, currency: 'eur' }).success).toBe(false);
  });

  it('[BEYOND-6] formats cents as a localised amount, signed for deltas', () => {
    expect(formatCents(1900, 'EUR', 'en')).toBe('€19.00');
    expect(formatCents(1900, 'EUR', 'en', true)).toBe('+€19.00');
    expect(formatCents(-450, 'EUR', 'en', true)).toBe('-€4.50');
    expect(formatCents(1900, 'EUR', 'fr').replace(/\s/gu, ' ')).toBe('19,00 €');
  });
});
