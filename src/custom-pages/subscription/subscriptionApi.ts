import { useContext } from 'react';
import { DataProviderContext, type DataProvider } from 'react-admin';
import { env } from '../../config/env';
import { httpClient } from '../../providers/httpClient';
import type { BillingDetails, PaymentMethod, RelationState, SubscriptionPrice, SubscriptionStatus } from '../../schemas/billing';
import type { BillingInterval, Plan } from '../../shared/pricing';

/**
 * The /subscriptions calls (docs/api.md, Subscriptions), typed, over the providers' httpClient
 * (credentials, violations turned into toasts and field errors; ST-4: these paths never reload
 * the session). `withSubscriptionMethods` is the dataProvider decorator; the screens use the
 * dataProvider's methods when it has them (tests pass a fake one), these functions otherwise.
 */

export type { SubscriptionPrice };

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

const base = `${env.apiUrl}/subscriptions`;
const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

export const getSubscription = async (): Promise<Subscription> => (await httpClient(base)).json as Subscription;

export const quoteSubscription = async (request: QuoteRequest): Promise<SubscriptionPrice> =>
  (await httpClient(`${base}/quote`, json(request))).json as SubscriptionPrice;

export const subscribe = async (request: SubscribeRequest): Promise<Subscription> =>
  (await httpClient(base, json(request))).json as Subscription;

export const cancelSubscription = async (): Promise<Subscription> => (await httpClient(base, { method: 'DELETE' })).json as Subscription;

export interface SubscriptionMethods {
  getSubscription(): Promise<Subscription>;
  quoteSubscription(request: QuoteRequest): Promise<SubscriptionPrice>;
  subscribe(request: SubscribeRequest): Promise<Subscription>;
  cancelSubscription(): Promise<Subscription>;
}

export const subscriptionMethods: SubscriptionMethods = { getSubscription, quoteSubscription, subscribe, cancelSubscription };

/** The decorator for dataProvider.ts: `withSubscriptionMethods(withCustomMethods(…))`. */
export const withSubscriptionMethods = <T extends DataProvider>(provider: T): T & SubscriptionMethods => ({
  ...subscriptionMethods,
  ...provider,
});

/**
 * The methods the screens call. The raw provider from the context, not `useDataProvider()`:
 * that one is a proxy on which every method name looks defined.
 */
export const useSubscriptionMethods = (): SubscriptionMethods => {
  const provider = useContext(DataProviderContext) as (DataProvider & Partial<SubscriptionMethods>) | null;
  const own: Partial<SubscriptionMethods> = provider ?? {};
  const pick = <K extends keyof SubscriptionMethods>(name: K): SubscriptionMethods[K] => {
    const method = own[name];
    return typeof method === 'function' ? (method.bind(own) as SubscriptionMethods[K]) : subscriptionMethods[name];
  };
  return {
    getSubscription: pick('getSubscription'),
    quoteSubscription: pick('quoteSubscription'),
    subscribe: pick('subscribe'),
    cancelSubscription: pick('cancelSubscription'),
  };
};

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;
