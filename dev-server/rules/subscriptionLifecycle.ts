import { z } from 'zod';
import {
  PAYMENT_METHODS,
  SUBSCRIPTION_STATUSES,
  type BillingDetails,
  type PaymentMethod,
  type RelationState,
  type SubscriptionPrice,
  type SubscriptionStatus,
} from '../../src/schemas/billing';
import type { BillingInterval, Plan } from '../../src/shared/pricing';
import { DAY_MS } from '../time/clock';
import type { Caller } from '../auth/roles';
import { hasRole } from '../auth/roles';
import { ApiError } from '../http/errors';
import { violation } from '../http/errors';
import type { PaymentAdapter, PaymentFailure, StoredCard } from '../payments/devPaymentAdapter';
import { accountById } from '../data/accounts';
import type { Store } from '../store/store';
import type { Account, Row, Subscription } from '../store/types';
import { issueInvoice } from './invoices';

/**
 * Subscription states and transitions (ENT-5, ST-1). Decisions (the spec shows none):
 *   trial ──payment──▶ active ──renewal fails──▶ waiting_for_payment ──grace ends──▶ inactive
 *   active ──cancel──▶ expiring ──period ends──▶ inactive;  any ──payment──▶ active
 * Time is `ctx.now()` (movable in dev) and nothing runs in the background: `settle()` catches
 * up on renewals whenever a subscription or account is read.
 */

/** Days a failed renewal waits for payment before the account goes inactive. */
const GRACE_DAYS = 14;

/** The account as the subscription rules see it: statuses per ENT-5 (store/types.ts predates them). */
export type LifecycleAccount = Omit<Account, 'subscription'> & {
  subscription: Omit<Subscription, 'status'> & { status: SubscriptionStatus | Subscription['status'] };
};

/** What the subscription endpoints keep per account beside account.subscription. */
export interface BillingProfile extends Row {
  accountId: number;
  plan: Plan;
  interval: BillingInterval;
  domainsCount: number;
  billing: BillingDetails | null;
  /** Token, brand and last four only (ST-4). */
  card: StoredCard | null;
  couponCode: string | null;
  cancelledAt: string | null;
  paymentFailedAt: string | null;
  updatedAt: string;
}

export interface PaymentRecord extends Row {
  accountId: number;
  kind: 'initial' | 'renewal';
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'failed';
  failure: PaymentFailure | null;
  chargeId: string | null;
  brand: string | null;
  last4: string | null;
  createdAt: string;
}

const LEGACY_STATUS: Record<string, SubscriptionStatus> = { past_due: 'waiting_for_payment', canceled: 'expiring', expired: 'inactive' };

export const normaliseStatus = (status: string): SubscriptionStatus =>
  LEGACY_STATUS[status] ?? (['trial', 'active', 'waiting_for_payment', 'expiring', 'inactive'].includes(status) ? (status as SubscriptionStatus) : 'inactive');

/** ERR-2: a subscription has started once it left the trial (paid, free or contract). */
export const hasStarted = (account: LifecycleAccount): boolean => normaliseStatus(account.subscription.status) !== 'trial';

export const relationState = (account: LifecycleAccount): RelationState => {
  if (account.paymentMethod === 'individual') return 'individual';
  if (account.paymentMethod === 'stripe' || account.paymentMethod === 'manual_stripe') {
    return account.stripeSubscriptionId && hasStarted(account) ? 'stripe_based_started' : 'stripe_based_not_started';
  }
  return 'not_related';
};

/** Whole days left in a trial, rounded up like the banner (ST-1); 0 once over; null outside a trial. */
export const trialDaysLeft = (account: LifecycleAccount, now: Date): number | null => {
  if (normaliseStatus(account.subscription.status) !== 'trial' || !account.subscription.trialEndsAt) return null;
  return Math.max(0, Math.ceil((Date.parse(account.subscription.trialEndsAt) - now.getTime()) / DAY_MS));
};

/** One calendar month or year later (UTC), clamped to the month's last day (31 Jan → 28/29 Feb). */
export const addInterval = (from: Date, interval: BillingInterval): Date => {
  const months = interval === 'month' ? 1 : 12;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(from);
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return result;
};

/** Methods whose renewals are charged to the stored card; the others are free or invoiced outside. */
export const isCardMethod = (method: string | null): boolean => method === 'stripe';

export const PAYMENT_METHOD_FOR_CUSTOMERS: PaymentMethod = 'stripe';

export interface LifecycleDeps {
  store: Store;
  payments: PaymentAdapter;
  now: () => Date;
  /** The amount a renewal charges (the price of the profile today, on today's domains), with the lines its invoice lists. */
  renewalPrice: (account: LifecycleAccount, profile: BillingProfile | undefined) => SubscriptionPrice;
}

export const profileOf = (store: Store, accountId: number): BillingProfile | undefined =>
  store.rows<BillingProfile>('billingProfiles').find((p) => p.accountId === accountId);

/**
 * The card renewals use. Seeded paid accounts (a processor subscription id, no profile) stand
 * for customers who paid before this dev API existed: they renew on a test Visa ending 4242.
 */
export const renewalCard = (account: LifecycleAccount, profile: BillingProfile | undefined): StoredCard | null =>
  profile?.card ?? (account.stripeSubscriptionId ? { token: `pm_dev_seed_${account.id}`, brand: 'visa', last4: '4242' } : null);

export const recordPayment = (store: Store, record: Omit<PaymentRecord, 'id'>): PaymentRecord => {
  const row: PaymentRecord = { id: store.nextId('payments'), ...record };
  store.rows<PaymentRecord>('payments').push(row);
  store.write();
  return row;
};

/** Renewals, failed-payment grace and cancellations that fell due before `now`, in order. */
export const settle = (deps: LifecycleDeps, accountId: number): LifecycleAccount | undefined => {
  const account = accountById<LifecycleAccount>(deps.store, accountId);
  if (!account) return undefined;
  const now = deps.now();
  const profile = profileOf(deps.store, accountId);
  const sub = { ...account.subscription, status: normaliseStatus(account.subscription.status) };
  let ends = sub.billingCycleEnds ? new Date(sub.billingCycleEnds) : null;
  let paymentFailedAt = profile?.paymentFailedAt ?? null;
  const interval: BillingInterval = profile?.interval ?? (sub.billingCycle === 'yearly' ? 'year' : 'month');

  // Bounded so a clock moved by years cannot loop for long (100 years of monthly renewals).
  for (let i = 0; i < 1200 && ends && ends.getTime() <= now.getTime(); i++) {
    if (sub.status === 'expiring') {
      sub.status = 'inactive';
      break;
    }
    if (sub.status === 'waiting_for_payment') {
      const failedAt = paymentFailedAt ? Date.parse(paymentFailedAt) : ends.getTime();
      if (now.getTime() >= failedAt + GRACE_DAYS * DAY_MS) sub.status = 'inactive';
      break;
    }
    if (sub.status !== 'active') break;
    if (isCardMethod(account.paymentMethod)) {
      const price = deps.renewalPrice(account, profile);
      const card = renewalCard(account, profile);
      const result = card
        ? deps.payments.charge({ card, amountCents: price.totalCents, currency: price.currency, onSession: false })
        : ({ ok: false, failure: 'card_declined', retryable: false } as const);
      const payment = recordPayment(deps.store, {
        accountId,
        kind: 'renewal',
        amountCents: price.totalCents,
        currency: price.currency,
        status: result.ok ? 'succeeded' : 'failed',
        failure: result.ok ? null : result.failure,
        chargeId: result.ok ? result.chargeId : null,
        brand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        createdAt: ends.toISOString(),
      });
      if (!result.ok) {
        sub.status = 'waiting_for_payment';
        paymentFailedAt = ends.toISOString();
        continue; // the grace period may already be over too
      }
      // PAY-1: the renewal's invoice covers the period it paid for.
      issueInvoice(deps.store, { accountId, payment, price, billing: profile?.billing ?? null, periodStart: ends, periodEnd: addInterval(ends, interval) });
      deps.store.write();
    }
    // Paid, free, or invoiced outside the card processor (individual, manual_stripe, external).
    ends = addInterval(ends, interval);
  }

  const nextEnds = ends ? ends.toISOString() : null;
  if (sub.status !== account.subscription.status || nextEnds !== account.subscription.billingCycleEnds) {
    account.subscription = { ...sub, billingCycleEnds: nextEnds };
    deps.store.write();
  }
  if (profile && paymentFailedAt !== profile.paymentFailedAt) {
    profile.paymentFailedAt = paymentFailedAt;
    deps.store.write();
  }
  return account;
};

// ---------------------------------------------------------------------------------------------
// Locks after the subscription started (ERR-2)

export const LOCK_KEYS = {
  dates: 'error.backend.subscription_locked_dates',
  status: 'error.backend.subscription_locked_status',
  complianceDashboard: 'error.backend.subscription_locked_compliance_dashboard',
  paymentMethod: 'error.backend.subscription_locked_payment_method',
} as const;

export const COMPLIANCE_DASHBOARD_PRODUCT = 'compliance_dashboard';

/** The lifecycle fields a PATCH may touch (docs/api.md, Accounts). */
interface LifecycleEdit {
  paymentMethod?: PaymentMethod;
  complianceDashboard?: boolean;
  status?: SubscriptionStatus;
  startDate?: string;
  trialEndsAt?: string | null;
  billingCycleEnds?: string | null;
}

const DATE_FIELDS = ['startDate', 'trialEndsAt', 'billingCycleEnds'] as const;

/**
 * ERR-2 decision. ROLE_ADMIN changes anything. A customer never sets status or dates, which the
 * server manages (403 permission_denied before the start), and after the start every one of the
 * four groups answers its lock key. Before the start a customer may switch the compliance
 * dashboard and choose the card payment (`stripe`); the contract methods and `free` are
 * arranged by an admin. Sending the current value is never a change (forms send everything).
 */
export const checkLifecycleEdit = (caller: Caller, account: LifecycleAccount, edit: LifecycleEdit): void => {
  if (hasRole(caller, 'ROLE_ADMIN')) return;
  const sub = account.subscription;
  const changed = {
    dates: DATE_FIELDS.some((field) => edit[field] !== undefined && !sameInstant(edit[field] ?? null, sub[field] ?? null)),
    status: edit.status !== undefined && edit.status !== normaliseStatus(sub.status),
    complianceDashboard: edit.complianceDashboard !== undefined && edit.complianceDashboard !== sub.products.includes(COMPLIANCE_DASHBOARD_PRODUCT),
    paymentMethod: edit.paymentMethod !== undefined && edit.paymentMethod !== account.paymentMethod,
  };
  const started = hasStarted(account);
  const violations = (Object.keys(changed) as Array<keyof typeof changed>)
    .filter((group) => changed[group])
    .flatMap((group) => {
      if (started) return [violation(LOCK_KEYS[group], lockPath(group))];
      const customerMay = group === 'complianceDashboard' || (group === 'paymentMethod' && edit.paymentMethod === PAYMENT_METHOD_FOR_CUSTOMERS);
      return customerMay ? [] : [violation('error.backend.permission_denied', lockPath(group))];
    });
  if (violations.length > 0) throw new ApiError(403, violations);
};

const lockPath = (group: keyof typeof LOCK_KEYS): string => (group === 'dates' ? 'subscription' : group === 'status' ? 'subscription.status' : group);

const sameInstant = (a: string | null, b: string | null): boolean => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/** Applies an allowed edit to the account row (products carry the compliance dashboard flag). */
export const applyLifecycleEdit = (account: LifecycleAccount, edit: LifecycleEdit): Partial<LifecycleAccount> => {
  const sub = { ...account.subscription };
  if (edit.status !== undefined) sub.status = edit.status;
  for (const field of DATE_FIELDS) {
    const value = edit[field];
    if (value === undefined) continue;
    if (field === 'startDate') sub.startDate = value ?? sub.startDate;
    else sub[field] = value;
  }
  if (edit.complianceDashboard !== undefined) {
    const others = sub.products.filter((p) => p !== COMPLIANCE_DASHBOARD_PRODUCT);
    sub.products = edit.complianceDashboard ? [...others, COMPLIANCE_DASHBOARD_PRODUCT] : others;
  }
  return { subscription: sub, ...(edit.paymentMethod !== undefined ? { paymentMethod: edit.paymentMethod } : {}) };
};

const isoDateTime = z.iso.datetime({ offset: true, error: 'validation.datetime_invalid' });

/** PATCH /accounts/{id} (merge-patch): the account name and the lifecycle fields; other keys are ignored. */
export const accountPatchSchema = z.object({
  name: z
    .string({ error: 'validation.account_name_length' })
    .trim()
    .min(2, 'validation.account_name_length')
    .max(255, 'validation.account_name_length')
    .optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'validation.payment_type_invalid' }).optional(),
  complianceDashboard: z.boolean({ error: 'validation.required' }).optional(),
  subscription: z
    .object(
      {
        status: z.enum(SUBSCRIPTION_STATUSES, { error: 'validation.subscription_status_invalid' }).optional(),
        startDate: isoDateTime.optional(),
        trialEndsAt: isoDateTime.nullable().optional(),
        billingCycleEnds: isoDateTime.nullable().optional(),
      },
      { error: 'validation.required' },
    )
    .optional(),
});
type AccountPatch = z.infer<typeof accountPatchSchema>;

export const lifecycleEditOf = (patch: AccountPatch): LifecycleEdit => ({
  ...(patch.paymentMethod !== undefined ? { paymentMethod: patch.paymentMethod } : {}),
  ...(patch.complianceDashboard !== undefined ? { complianceDashboard: patch.complianceDashboard } : {}),
  ...patch.subscription,
});
