import type { BillingInterval, Plan } from '../shared/pricing';
import type { BillingDetails, PaymentMethod, RelationState, SubscriptionPrice, SubscriptionStatus } from './billing';
import type { ScanDepth, ScanFrequencyDays } from '../shared/domainTypes';

/** The wire types of docs/api.md "Subscriptions"; the rules are in ./billing.ts. */

export interface SubscriptionPayment {
  id: number;
  kind: 'initial' | 'renewal';
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'failed';
  failure: string | null;
  brand: string | null;
  last4: string | null;
  createdAt: string;
}

/** `GET /subscriptions`. */
export interface Subscription {
  accountId: number;
  status: SubscriptionStatus;
  relationState: RelationState;
  paymentMethod: PaymentMethod | null;
  subscriptionType: string;
  plan: Plan;
  interval: BillingInterval;
  domainsCount: number;
  startDate: string | null;
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  billingCycleEnds: string | null;
  cancelAtPeriodEnd: boolean;
  paymentFailedAt: string | null;
  complianceDashboard: boolean;
  billing: BillingDetails | null;
  /** The card renewals are charged to: brand, last four and expiry only (ST-4); the expiry is unknown for cards stored before it was kept. */
  card: { brand: string; last4: string; expMonth: number | null; expYear: number | null } | null;
  couponCode: string | null;
  price: SubscriptionPrice;
  /** PAY-1: the next renewal charge (date and the amount of `price`), or null when none is due (cancelled, free, invoiced outside). */
  nextCharge: { at: string; amountCents: number; currency: string } | null;
  locks: { dates: boolean; status: boolean; complianceDashboard: boolean; paymentMethod: boolean };
  payments: SubscriptionPayment[];
  now: string;
}

/** `POST /subscriptions/quote`. */
export interface QuoteRequest {
  plan: Plan;
  interval: BillingInterval;
  domainsCount?: number;
  country?: string;
  coupon?: string;
}

/** `POST /subscriptions`: no price field, the server computes every amount (PROD-4). */
export interface SubscribeRequest {
  plan: Plan;
  interval: BillingInterval;
  domainsCount: number;
  billing?: BillingDetails;
  /** The card travels only in this request (ST-4). */
  payment?: { cardNumber: string; expiry: string; cvc: string };
}

/** PAY-1: one line of an invoice: a public domain (or an unused slot, `domain` null) for the period. */
export interface InvoiceLine {
  domain: string | null;
  scanDepth: ScanDepth;
  scanFrequency: ScanFrequencyDays;
  amountCents: number;
}

/** `GET /invoices`: what the list shows of each invoice. */
export interface InvoiceSummary {
  id: number;
  number: string;
  issuedAt: string;
  periodStart: string;
  periodEnd: string;
  plan: Plan;
  interval: BillingInterval;
  currency: string;
  totalCents: number;
}

/** `GET /invoices/{id}`: everything the invoice document prints. Issued once, never edited. */
export interface Invoice extends InvoiceSummary {
  lines: InvoiceLine[];
  netCents: number;
  coupon: { code: string; percentOff: number } | null;
  discountCents: number;
  vatRate: number;
  vatCents: number;
  billing: BillingDetails | null;
  card: { brand: string; last4: string } | null;
  chargeId: string | null;
}

/**
 * `POST /subscriptions/preview`: what a change of plan, interval or slots does before it is
 * made. Decision (PAY-1): a change of a paid period applies at once and is charged from the
 * next renewal, with no proration: nothing is charged or refunded today. Without a paid period
 * (trial, lapsed) the new period starts today and is charged now.
 */
export interface SubscriptionChangePreview {
  current: SubscriptionPrice;
  next: SubscriptionPrice;
  /** Charged when the change is confirmed (0 within a paid period). */
  chargedNowCents: number;
  /** The first charge at the new price, and its date. */
  nextChargeAt: string;
  nextChargeCents: number;
  currency: string;
}

/** `POST /subscriptions/preview`: the change to preview. */
export interface SubscriptionChangeRequest {
  plan: Plan;
  interval: BillingInterval;
  domainsCount: number;
}
