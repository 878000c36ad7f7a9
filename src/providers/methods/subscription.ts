import type { DataProvider } from 'ra-core';
import type { SubscriptionPrice } from '../../schemas/billing';
import type {
  InvoiceSummary,
  QuoteRequest,
  SubscribeRequest,
  Subscription,
  SubscriptionChangePreview,
  SubscriptionChangeRequest,
} from '../../schemas/subscription';
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
  /** PAY-1: what a change would cost and when, before it is made. */
  previewSubscriptionChange(request: SubscriptionChangeRequest): Promise<SubscriptionChangePreview>;
  /** PAY-1: a new card for the renewals (ST-4: the number travels only in this request). */
  changeCard(payment: { cardNumber: string; expiry: string; cvc: string }): Promise<Subscription>;
  listInvoices(): Promise<InvoiceSummary[]>;
  /** The invoice as an HTML document in the UI language, to save or print to PDF. */
  invoiceDocument(id: number, language: string): Promise<Blob>;
}

const BASE = '/subscriptions';
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

export const withSubscriptionMethods = <T extends DataProvider>(provider: T): T & SubscriptionMethods => ({
  ...provider,
  getSubscription: async () => (await httpClient(BASE)).json as Subscription,
  quoteSubscription: async (request) => (await httpClient(`${BASE}/quote`, post(request))).json as SubscriptionPrice,
  subscribe: async (request) => (await httpClient(BASE, post(request))).json as Subscription,
  cancelSubscription: async () => (await httpClient(BASE, { method: 'DELETE' })).json as Subscription,
  previewSubscriptionChange: async (request) => (await httpClient(`${BASE}/preview`, post(request))).json as SubscriptionChangePreview,
  changeCard: async (payment) => (await httpClient(`${BASE}/card`, { method: 'PUT', body: JSON.stringify({ payment }) })).json as Subscription,
  listInvoices: async () => (await httpClient('/invoices')).json as InvoiceSummary[],
  invoiceDocument: async (id, language) => {
    const { blob } = await httpClient(`/invoices/${id}/document?lang=${language === 'fr' ? 'fr' : 'en'}`, { asBlob: true });
    return blob ?? new Blob();
  },
});
