import { describe, expect, it } from 'vitest';
import { priceTableFromApi } from './priceTable';

const expected = {
  version: 'v2',
  currency: 'EUR',
  monthlyCentsPerPublicDomainByDepth: { 500: 900, 5000: 1900, 15000: 4900 },
  frequencyFactorsInBasisPoints: { monthly: 10_000, weekly: 15_000, daily: 25_000, no_scan: 5_000 },
  planFactorsInBasisPoints: { essential: 10_000, professional: 16_000 },
  monthsBilledPerYear: 10,
};

describe('GET /pricing', () => {
  it('[CONST-3] reads the table in the wording of docs/api.md', () => {
    expect(
      priceTableFromApi({
        currency: 'EUR',
        version: 'v2',
        depthMonthlyCents: { 500: 900, 5000: 1900, 15000: 4900 },
        frequencyFactor: { 1: 2.5, 7: 1.5, 30: 1, 0: 0.5 },
        planFactor: { essential: 1, professional: 1.6 },
        yearlyMonths: 10,
      }),
    ).toEqual(expected);
  });

  it('[CONST-3] reads the shared PriceTable shape as it is', () => {
    expect(priceTableFromApi(expected)).toEqual(expected);
  });

  it('[CONST-3] refuses a malformed table rather than show a wrong price', () => {
    expect(() => priceTableFromApi({ currency: 'EUR' })).toThrow();
  });
});
