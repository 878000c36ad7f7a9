import {
  DEFAULT_SCAN_DEPTH,
  DEFAULT_SCAN_FREQUENCY_DAYS,
  DOMAIN_TYPES,
  isPublicDomainType,
  SCAN_DEPTHS,
  scanFrequencyFromDays,
  type ScanDepth,
  type ScanFrequencyDays,
} from '../../src/schemas/domain';
import { vatRateFor, type SubscriptionPrice } from '../../src/schemas/billing';
import { quote, type BillingInterval, type Plan, type PriceTable, type PricedDomain } from '../../src/shared/pricing';
import type { Store } from '../store/store';
import type { Coupon, Row } from '../store/types';
import { buildCoupons } from '../seed/coupons';

/**
 * What a subscription costs (PROD-4, CONST-3): always computed here from the account's price
 * table and its domains as stored, never from a figure the client sends. The arithmetic per
 * domain is `quote()` of src/shared/pricing.ts; this module adds unused slots, the coupon and VAT.
 */

/**
 * The coupons; a database seeded before coupons existed (no collection at all) gets the seed's on
 * first use. An empty collection stays empty: a production database starts with one (DEPLOY-1).
 */
const couponRows = (store: Store, now: Date): Coupon[] => {
  if (store.state().coupons === undefined) {
    store.rows<Coupon>('coupons').push(...buildCoupons(now));
    store.write();
  }
  return store.rows<Coupon>('coupons');
};

type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; messageKey: 'validation.coupon_unknown' | 'validation.coupon_expired' };

/** Codes are matched case-insensitively (people type them as they read them). */
export const checkCoupon = (store: Store, code: string, now: Date): CouponCheck => {
  const coupon = couponRows(store, now).find((c) => c.code.toUpperCase() === code.trim().toUpperCase());
  if (!coupon) return { ok: false, messageKey: 'validation.coupon_unknown' };
  if (coupon.validUntil !== null && Date.parse(coupon.validUntil) <= now.getTime()) return { ok: false, messageKey: 'validation.coupon_expired' };
  return { ok: true, coupon };
};

interface DomainRow extends Row {
  accountId: number;
  canonicalDomain: unknown;
  type: unknown;
  scanDepth: unknown;
  scanFrequency: unknown;
  verification?: { verifiedAt: string | null };
}

const isScanDepth = (value: unknown): value is ScanDepth => SCAN_DEPTHS.includes(value as ScanDepth);
const isFrequency = (value: unknown): value is ScanFrequencyDays => typeof value === 'number' && scanFrequencyFromDays(value) !== undefined;
const isDomainType = (value: unknown): value is PricedDomain['type'] => DOMAIN_TYPES.includes(value as PricedDomain['type']);

/**
 * The account's billable domains in the shape pricing needs (an older database without the
 * collection gets it empty): those whose owner proved control (DEPLOY-4). A row pricing cannot
 * read is skipped rather than failing the whole subscription with a 500.
 */
export const accountDomains = (store: Store, accountId: number): PricedDomain[] => {
  return store
    .rows<DomainRow>('domains')
    .filter((d) => d.accountId === accountId && typeof d.verification?.verifiedAt === 'string')
    .flatMap((d): PricedDomain[] =>
      isDomainType(d.type) && isScanDepth(d.scanDepth) && isFrequency(d.scanFrequency)
        ? [{ id: d.id, canonicalDomain: String(d.canonicalDomain), type: d.type, scanDepth: d.scanDepth, scanFrequency: d.scanFrequency }]
        : [],
    );
};

interface PriceInput {
  table: PriceTable;
  domains: readonly PricedDomain[];
  /** Settings an unused slot is priced at: the account's default domain settings. */
  slotDefaults: { scan_depth: number; scan_frequency: number } | undefined;
  plan: Plan;
  interval: BillingInterval;
  /** Paid public-domain slots; at least the public domains there are (checked by the caller). */
  domainsCount: number;
  /** Billing country (VAT); undefined until known, which means no VAT yet. */
  country: string | undefined;
  coupon: Coupon | null;
}

const roundHalfUp = (numerator: number, denominator: number): number => {
  const quotient = Math.floor(numerator / denominator);
  return (numerator - quotient * denominator) * 2 >= denominator ? quotient + 1 : quotient;
};

export const publicDomainCount = (domains: readonly PricedDomain[]): number => domains.filter((d) => isPublicDomainType(d.type)).length;

/**
 * Decision (ENT-4 "domains count"): the customer buys `domainsCount` public-domain slots. Each
 * existing public domain costs its own depth and frequency; each slot not yet used costs the
 * account's default domain settings, so adding a domain later into a paid slot changes nothing.
 */
export const priceSubscription = (input: PriceInput): SubscriptionPrice => {
  const scanDepth = isScanDepth(input.slotDefaults?.scan_depth) ? input.slotDefaults.scan_depth : DEFAULT_SCAN_DEPTH;
  const scanFrequency = isFrequency(input.slotDefaults?.scan_frequency) ? input.slotDefaults.scan_frequency : DEFAULT_SCAN_FREQUENCY_DAYS;
  const used = publicDomainCount(input.domains);
  const slots = Array.from({ length: Math.max(0, input.domainsCount - used) }, (_, index): PricedDomain => ({
    id: `slot-${index + 1}`,
    canonicalDomain: '',
    type: 'website',
    scanDepth,
    scanFrequency,
  }));
  const base = quote(input.table, [...input.domains, ...slots], input.plan, input.interval);
  const discountCents = input.coupon ? roundHalfUp(base.netCents * input.coupon.percentOff, 100) : 0;
  const vatRate = input.country ? vatRateFor(input.country) : 0;
  const taxable = base.netCents - discountCents;
  const vatCents = roundHalfUp(taxable * Math.round(vatRate * 10_000), 10_000);
  return {
    currency: base.currency,
    priceTableVersion: base.priceTableVersion,
    plan: input.plan,
    interval: input.interval,
    lines: base.lines,
    publicDomainCount: used,
    domainsCount: Math.max(input.domainsCount, used),
    monthlyTotalCents: base.monthlyTotalCents,
    yearlyTotalCents: base.yearlyTotalCents,
    netCents: base.netCents,
    coupon: input.coupon ? { code: input.coupon.code, percentOff: input.coupon.percentOff } : null,
    discountCents,
    vatRate,
    vatCents,
    totalCents: taxable + vatCents,
  };
};

/** A violation whose English text comes from this module's catalogue (then the shared one). */
export type { SubscriptionPrice };
