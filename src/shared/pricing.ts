import { z } from 'zod';
import { isPublicDomainType, scanFrequencyFromDays, type DomainType, type ScanDepth, type ScanFrequencyDays } from './domainTypes';

/**
 * Price calculation (PROD-4, CONST-3, BEYOND-6). The prices themselves are data the API serves
 * (CONST-3: never hard-coded in the client), so this module holds only the shape of a price
 * table and pure arithmetic over one: the dev API quotes with its own table, the app previews
 * "this change adds €X/month" with the table it fetched. Same function, same answer.
 *
 * All money is integer cents and all factors are integer basis points (10 000 = ×1), so no
 * binary floating-point error can creep into a bill: 1900 × 2.5 × 1.6 is computed as
 * 1900 × 25 000 × 16 000 / 10 000², exactly.
 */

export const PLANS = ['essential', 'professional'] as const;
export type Plan = (typeof PLANS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** A factor of 1 in basis points. */
export const FACTOR_SCALE = 10_000;

const cents = z.number().int().nonnegative();
const factor = z.number().int().nonnegative();

/**
 * Validates a table fetched from the API before the app computes with it. Depth keys are the
 * strings JSON gives for the numeric depths.
 */
export const priceTableSchema = z.object({
  version: z.string().min(1),
  /** ISO 4217 code, e.g. EUR. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  monthlyCentsPerPublicDomainByDepth: z.object({ 500: cents, 5000: cents, 15000: cents }),
  frequencyFactorsInBasisPoints: z.object({ daily: factor, weekly: factor, monthly: factor, no_scan: factor }),
  planFactorsInBasisPoints: z.object({ essential: factor, professional: factor }),
  /** A yearly subscription costs this many monthly prices (10: two months free). */
  monthsBilledPerYear: z.number().int().positive(),
});
export type PriceTable = z.infer<typeof priceTableSchema>;

/** What pricing needs to know about a domain; the API's domain records fit it as they are. */
export interface PricedDomain {
  id?: number | string;
  canonicalDomain: string;
  type: DomainType;
  scanDepth: ScanDepth;
  /** Days between scans, as stored (ENT-1). */
  scanFrequency: ScanFrequencyDays;
}

export interface QuoteLine {
  id?: number | string;
  canonicalDomain: string;
  type: DomainType;
  scanDepth: ScanDepth;
  scanFrequency: ScanFrequencyDays;
  /** False for aliases: they are listed (the per-domain table shows them as free) but cost 0. */
  charged: boolean;
  monthlyCents: number;
  yearlyCents: number;
}

export interface Quote {
  currency: string;
  priceTableVersion: string;
  plan: Plan;
  interval: BillingInterval;
  lines: QuoteLine[];
  chargedDomainCount: number;
  monthlyTotalCents: number;
  yearlyTotalCents: number;
  /** The total for the chosen interval, before VAT. */
  netCents: number;
  vatRate: number;
  vatCents: number;
  totalInclVatCents: number;
}

/** n / d rounded half up, for non-negative safe integers, without going through a float quotient. */
const divideRoundingHalfUp = (numerator: number, denominator: number): number => {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
};

/** The monthly price of one domain in cents; 0 for a domain that is not public (PROD-4). */
export const domainMonthlyCents = (table: PriceTable, domain: PricedDomain, plan: Plan): number => {
  if (!isPublicDomainType(domain.type)) return 0;
  const frequency = scanFrequencyFromDays(domain.scanFrequency);
  if (frequency === undefined) throw new RangeError(`Unknown scan frequency: ${String(domain.scanFrequency)} days`);
  const base = table.monthlyCentsPerPublicDomainByDepth[domain.scanDepth];
  if (base === undefined) throw new RangeError(`Unknown scan depth: ${String(domain.scanDepth)}`);
  const frequencyFactor = table.frequencyFactorsInBasisPoints[frequency];
  const planFactor = table.planFactorsInBasisPoints[plan];
  // Largest realistic product: 4900 × 25 000 × 16 000 ≈ 2e12, far below 2^53.
  return divideRoundingHalfUp(base * frequencyFactor * planFactor, FACTOR_SCALE * FACTOR_SCALE);
};

const vatRateInBasisPoints = (vatRate: number): number => {
  if (!Number.isFinite(vatRate) || vatRate < 0 || vatRate > 1) throw new RangeError(`VAT rate must be between 0 and 1, got ${vatRate}`);
  return Math.round(vatRate * FACTOR_SCALE);
};

/**
 * Prices `domains` on `plan`: one line per domain (aliases at 0), monthly and yearly totals,
 * and, for the chosen interval, net, VAT and total. VAT is kept separate (CONST-3) and is a
 * rate between 0 and 1 (0.2 = 20 %), default 0 until the billing country is known.
 */
export const quote = (table: PriceTable, domains: readonly PricedDomain[], plan: Plan, interval: BillingInterval, vatRate = 0): Quote => {
  const vatBasisPoints = vatRateInBasisPoints(vatRate);
  const lines = domains.map((domain): QuoteLine => {
    const monthlyCents = domainMonthlyCents(table, domain, plan);
    return {
      ...(domain.id === undefined ? {} : { id: domain.id }),
      canonicalDomain: domain.canonicalDomain,
      type: domain.type,
      scanDepth: domain.scanDepth,
      scanFrequency: domain.scanFrequency,
      charged: isPublicDomainType(domain.type),
      monthlyCents,
      yearlyCents: monthlyCents * table.monthsBilledPerYear,
    };
  });
  const monthlyTotalCents = lines.reduce((sum, line) => sum + line.monthlyCents, 0);
  const yearlyTotalCents = lines.reduce((sum, line) => sum + line.yearlyCents, 0);
  const netCents = interval === 'month' ? monthlyTotalCents : yearlyTotalCents;
  const vatCents = divideRoundingHalfUp(netCents * vatBasisPoints, FACTOR_SCALE);
  return {
    currency: table.currency,
    priceTableVersion: table.version,
    plan,
    interval,
    lines,
    chargedDomainCount: lines.filter((line) => line.charged).length,
    monthlyTotalCents,
    yearlyTotalCents,
    netCents,
    vatRate,
    vatCents,
    totalInclVatCents: netCents + vatCents,
  };
};

/** One side of a change: the account's domains and plan before or after it. */
interface PriceScenario {
  domains: readonly PricedDomain[];
  plan: Plan;
}

interface PriceDelta {
  currency: string;
  /** Positive: the change adds this much per month; negative: it saves it. Net of VAT. */
  monthlyDeltaCents: number;
  yearlyDeltaCents: number;
}

/**
 * What a change costs (PROD-4, BEYOND-6): "this change adds €X/month". Pass the whole account
 * before and after (a create adds a domain, a delete removes one, an edit replaces one) so a
 * plan change is priced too; a single-domain form may pass one-domain lists.
 */
export const priceDelta = (table: PriceTable, before: PriceScenario, after: PriceScenario): PriceDelta => {
  const beforeQuote = quote(table, before.domains, before.plan, 'month');
  const afterQuote = quote(table, after.domains, after.plan, 'month');
  return {
    currency: table.currency,
    monthlyDeltaCents: afterQuote.monthlyTotalCents - beforeQuote.monthlyTotalCents,
    yearlyDeltaCents: afterQuote.yearlyTotalCents - beforeQuote.yearlyTotalCents,
  };
};

/**
 * Cents as a localised amount (`1900, 'EUR', 'fr'` → "19,00 €"). `signed` adds "+" to
 * increases, for delta previews.
 */
export const formatCents = (amountCents: number, currency: string, locale = 'en', signed = false): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: signed ? 'exceptZero' : 'auto' }).format(amountCents / 100);
