import type { DataProvider } from 'ra-core';
import type { SubscriptionPrice } from '../../schemas/billing';
import type { QuoteRequest, SubscribeRequest, Subscription } from '../../schemas/subscription';
import { httpClient } from '../httpClient';

/**
 * docs/api.md "Subscriptions", typed, over httpClient (credentials, violations turned into
 * toasts and field errors; ST-4: these paths never reload the session).
 */
export interface SubscriptionMethods {
  getSubscription(): Promise<Subscription>;
  quoteSubscription(request: QuoteRequest): Promise<SubscriptionPrice>;
  subscribe(request: SubscribeRequest): Promise<Subscription>;
  cancelSubscription(): Promise<Subscription>;
}

const BASE = '/subscriptions';
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

export const withSubscriptionMethods = <T extends DataProvider>(provider: T): T & SubscriptionMethods => ({
  ...provider,
  getSubscription: async () => (await httpClient(BASE)).json as Subscription,
  quoteSubscription: async (request) => (await httpClient(`${BASE}/quote`, post(request))).json as SubscriptionPrice,
  subscribe: async (request) => (await httpClient(BASE, post(request))).json as Subscription,
  cancelSubscription: async () => (await httpClient(BASE, { method: 'DELETE' })).json as Subscription,
});
