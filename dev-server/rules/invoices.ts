import type { BillingDetails, SubscriptionPrice } from '../../src/schemas/billing';
import type { Invoice, InvoiceSummary } from '../../src/schemas/subscription';
import type { Store } from '../store/store';
import type { Row } from '../store/types';
import type { PaymentRecord } from './subscriptionLifecycle';

/**
 * PAY-1: an invoice for every successful charge, issued when the charge succeeds, from the
 * price that was charged and the billing details of that day. Numbers are consecutive for the
 * whole API (`INV-2026-000042`), as invoice law asks of one seller, and never reused (ids never
 * are, SEC-1). An invoice is never edited afterwards: a later change of address or plan
 * belongs to the next one.
 */

export const INVOICES = 'invoices';

/** Stored in collection `invoices`, one per succeeded payment. */
export interface InvoiceRow extends Row, Omit<Invoice, 'id'> {
  accountId: number;
  paymentId: number;
}

/** Consecutive per API, with the year of issue for whoever reads it. */
const invoiceNumber = (id: number, issuedAt: Date): string => `INV-${issuedAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;

interface IssueInput {
  accountId: number;
  payment: PaymentRecord;
  price: SubscriptionPrice;
  billing: BillingDetails | null;
  periodStart: Date;
  periodEnd: Date;
}

/** Records the invoice of a succeeded payment (the caller writes the store). */
export const issueInvoice = (store: Store, input: IssueInput): InvoiceRow => {
  const id = store.nextId(INVOICES);
  const issuedAt = new Date(input.payment.createdAt);
  const { price } = input;
  const row: InvoiceRow = {
    id,
    accountId: input.accountId,
    paymentId: input.payment.id,
    number: invoiceNumber(id, issuedAt),
    issuedAt: issuedAt.toISOString(),
    periodStart: input.periodStart.toISOString(),
    periodEnd: input.periodEnd.toISOString(),
    plan: price.plan,
    interval: price.interval,
    currency: price.currency,
    lines: price.lines
      .filter((line) => line.charged)
      .map((line) => ({
        domain: line.canonicalDomain === '' ? null : line.canonicalDomain,
        scanDepth: line.scanDepth,
        scanFrequency: line.scanFrequency,
        amountCents: price.interval === 'month' ? line.monthlyCents : line.yearlyCents,
      })),
    netCents: price.netCents,
    coupon: price.coupon,
    discountCents: price.discountCents,
    vatRate: price.vatRate,
    vatCents: price.vatCents,
    totalCents: price.totalCents,
    billing: input.billing,
    card: input.payment.brand && input.payment.last4 ? { brand: input.payment.brand, last4: input.payment.last4 } : null,
    chargeId: input.payment.chargeId,
  };
  store.rows<InvoiceRow>(INVOICES).push(row);
  return row;
};

const toInvoice = ({ accountId: _account, paymentId: _payment, ...invoice }: InvoiceRow): Invoice => invoice;

/** The account's invoices, newest first, as the list shows them. */
export const invoicesOf = (store: Store, accountId: number): InvoiceSummary[] =>
  store
    .rows<InvoiceRow>(INVOICES)
    .filter((row) => row.accountId === accountId)
    .sort((a, b) => b.id - a.id)
    .map(({ id, number, issuedAt, periodStart, periodEnd, plan, interval, currency, totalCents }) => ({
      id,
      number,
      issuedAt,
      periodStart,
      periodEnd,
      plan,
      interval,
      currency,
      totalCents,
    }));

/** One invoice of the account, or undefined (another account's answers as a missing one). */
export const invoiceOf = (store: Store, accountId: number, id: number): Invoice | undefined => {
  const row = store.rows<InvoiceRow>(INVOICES).find((r) => r.id === id && r.accountId === accountId);
  return row ? toInvoice(row) : undefined;
};
