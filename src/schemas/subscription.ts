import type { BillingInterval, Plan } from '../shared/pricing';
import type { BillingDetails, PaymentMethod, RelationState, SubscriptionPrice, SubscriptionStatus } from './billing';

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
  card: { brand: string; last4: string } | null;
  couponCode: string | null;
  price: SubscriptionPrice;
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
