import { priceTableSchema, type PriceTable } from '../../src/shared/pricing';

/**
 * The price tables the dev API serves (CONST-3 decision: sample prices; the spec shows none).
 * They live here, server-side, so the app never carries a price: it fetches the table and
 * previews with `quote`/`priceDelta` from src/shared/pricing.ts.
 *
 * Keyed by pricing version because an account is billed on the version it subscribed under
 * (`subscription.currentPricingVersion`, `v2` in the sample account, ENT-6).
 */
export const PRICE_TABLES: Readonly<Record<string, PriceTable>> = Object.freeze({
  v2: priceTableSchema.parse({
    version: 'v2',
    currency: 'EUR',
    // Per public domain per month.
    monthlyCentsPerPublicDomainByDepth: { 500: 900, 5000: 1900, 15000: 4900 },
    // ×1.0 monthly, ×1.5 weekly, ×2.5 daily, ×0.5 when the domain is never scanned.
    frequencyFactorsInBasisPoints: { monthly: 10_000, weekly: 15_000, daily: 25_000, no_scan: 5_000 },
    // Professional ×1.6, Essential ×1.
    planFactorsInBasisPoints: { essential: 10_000, professional: 16_000 },
    monthsBilledPerYear: 10,
  }),
});

export const CURRENT_PRICING_VERSION = 'v2';

/** The table for an account's pricing version; the current one when it has none or an unknown one. */
export const priceTableFor = (pricingVersion?: string | null): PriceTable => {
  const table = (pricingVersion ? PRICE_TABLES[pricingVersion] : undefined) ?? PRICE_TABLES[CURRENT_PRICING_VERSION];
  if (table === undefined) throw new Error(`No price table for the current version ${CURRENT_PRICING_VERSION}`);
  return table;
};
