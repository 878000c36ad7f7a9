import { randomBytes } from 'node:crypto';
import {
  parseExpiry,
  type BillingDetails,
  type PaymentMethod,
  type SubscriptionPrice as Price,
  type SubscriptionQuoteRequest,
  type SubscriptionRequest,
} from '../../src/schemas/billing';
import type { Violation } from '../../src/shared/violations';
import { canReadAccount, hasRole } from '../auth/roles';
import type { Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import { accountById } from '../data/accounts';
import { ApiError, notFound, violation } from '../http/errors';
import { createDevPaymentAdapter, type PaymentAdapter, type PaymentFailure, type StoredCard } from '../payments/devPaymentAdapter';
import type { Account, Coupon } from '../store/types';
import { accountDomains, checkCoupon, priceSubscription, publicDomainCount, type SubscriptionPrice } from './billing';
import { issueInvoice } from './invoices';
import { priceTableFor } from './pricing';
import {
  addInterval,
  COMPLIANCE_DASHBOARD_PRODUCT,
  hasStarted,
  isCardMethod,
  LOCK_KEYS,
  normaliseStatus,
  PAYMENT_METHOD_FOR_CUSTOMERS,
  profileOf,
  recordPayment,
  relationState,
  renewalCard,
  settle,
  trialDaysLeft,
  type BillingProfile,
  type LifecycleAccount,
  type LifecycleDeps,
  type PaymentRecord,
} from './subscriptionLifecycle';

/**
 * Subscriptions (PROD-2, ENT-4, ENT-5, ERR-2): what an account's subscription is, what a change
 * would cost, starting or changing it, cancelling it. Every amount comes from
 * `priceSubscription` over the stored domains; card numbers go to the payment adapter and only
 * its token, brand and last four are kept (ST-4).
 */

const PAYMENT_FAILURE_KEYS: Record<PaymentFailure, string> = {
  card_declined: 'error.backend.payment_declined',
  insufficient_funds: 'error.backend.payment_insufficient_funds',
  processing_error: 'error.backend.payment_processing_error',
  expired_card: 'error.backend.payment_expired_card',
  incorrect_cvc: 'error.backend.payment_incorrect_cvc',
};

/** A card or charge the processor refused (402); `retryable` when trying again may pass (the answer then says Retry-After). */
export class PaymentFailedError extends ApiError {
  constructor(
    failure: PaymentFailure,
    readonly retryable = false,
  ) {
    const path = failure === 'incorrect_cvc' ? 'payment.cvc' : failure === 'expired_card' ? 'payment.expiry' : 'payment.cardNumber';
    super(402, [violation(PAYMENT_FAILURE_KEYS[failure], path)]);
  }
}

interface SubscriptionServices {
  payments: PaymentAdapter;
  lifecycle: LifecycleDeps;
  price: (
    account: LifecycleAccount,
    plan: BillingProfile['plan'],
    interval: BillingProfile['interval'],
    domainsCount: number,
    country: string | undefined,
    coupon: Coupon | null,
  ) => SubscriptionPrice;
  couponFor: (code: string | null | undefined) => Coupon | null;
}

// One payment adapter per server: it remembers the test behaviour of the cards it tokenised.
const services = new WeakMap<ServerContext, SubscriptionServices>();

export const servicesFor = (ctx: ServerContext): SubscriptionServices => {
  const existing = services.get(ctx);
  if (existing) return existing;
  const payments = createDevPaymentAdapter();
  const price: SubscriptionServices['price'] = (account, plan, interval, domainsCount, country, coupon) =>
    priceSubscription({
      table: priceTableFor(account.subscription.currentPricingVersion),
      domains: accountDomains(ctx.store, account.id),
      slotDefaults: account.subscription.defaultDomainSettings,
      plan,
      interval,
      domainsCount,
      country,
      coupon,
    });
  /** A coupon applies to every renewal while it stays valid. */
  const couponFor = (code: string | null | undefined): Coupon | null => {
    if (!code) return null;
    const check = checkCoupon(ctx.store, code, ctx.now());
    return check.ok ? check.coupon : null;
  };
  const lifecycle: LifecycleDeps = {
    store: ctx.store,
    payments,
    now: ctx.now,
    renewalPrice: (account, profile) => {
      const plan = profile?.plan ?? 'essential';
      const interval = profile?.interval ?? (account.subscription.billingCycle === 'yearly' ? 'year' : 'month');
      const count = profile?.domainsCount ?? account.subscription.domainSlots;
      return price(account, plan, interval, count, profile?.billing?.country, couponFor(profile?.couponCode));
    },
  };
  const created = { payments, lifecycle, price, couponFor };
  services.set(ctx, created);
  return created;
};

/** Catches up on renewals before an account is read elsewhere (GET /accounts/{id}). */
export const settleAccount = (ctx: ServerContext, accountId: number): void => {
  settle(servicesFor(ctx).lifecycle, accountId);
};

/** The account `id` names, if the caller may read it (404 otherwise), with its renewals caught up. */
export const subscriptionAccount = (ctx: ServerContext, caller: Session, id: number): LifecycleAccount => {
  const found = Number.isNaN(id) ? undefined : accountById<LifecycleAccount>(ctx.store, id);
  // canReadAccount reads only id and parentAccountId; the row types differ only in the status union.
  if (!found || !canReadAccount(caller, found as unknown as Account)) throw notFound();
  return settle(servicesFor(ctx).lifecycle, found.id) ?? found;
};

/** The plan, interval and slots the account has now: its profile's, else read from the account (seeded or trial). */
const currentChoice = (ctx: ServerContext, account: LifecycleAccount, profile: BillingProfile | undefined) => {
  const sub = account.subscription;
  return {
    plan: profile?.plan ?? (sub.subscriptionType === 'professional' ? 'professional' : 'essential'),
    interval: profile?.interval ?? (sub.billingCycle === 'yearly' ? 'year' : 'month'),
    domainsCount: profile?.domainsCount ?? Math.max(1, publicDomainCount(accountDomains(ctx.store, account.id))),
  } as const;
};

/** What the current choice costs per period today (what the next renewal charges). */
export const currentPrice = (ctx: ServerContext, account: LifecycleAccount, profile: BillingProfile | undefined): Price => {
  const { price, couponFor } = servicesFor(ctx);
  const { plan, interval, domainsCount } = currentChoice(ctx, account, profile);
  return price(account, plan, interval, domainsCount, profile?.billing?.country, couponFor(profile?.couponCode));
};

/** The subscription as GET /subscriptions answers it, with what the caller may no longer change. */
export const subscriptionState = (ctx: ServerContext, account: LifecycleAccount, caller: Session) => {
  const profile = profileOf(ctx.store, account.id);
  const sub = account.subscription;
  const { plan, interval, domainsCount } = currentChoice(ctx, account, profile);
  const started = hasStarted(account);
  const lockedForCaller = started && !hasRole(caller, 'ROLE_ADMIN');
  const current = currentPrice(ctx, account, profile);
  const history = ctx.store
    .rows<PaymentRecord>('payments')
    .filter((p) => p.accountId === account.id)
    .slice(-20)
    .map(({ id, kind, amountCents, currency, status, failure, brand, last4, createdAt }) => ({
      id,
      kind,
      amountCents,
      currency,
      status,
      failure,
      brand,
      last4,
      createdAt,
    }));
  return {
    accountId: account.id,
    status: normaliseStatus(sub.status),
    relationState: relationState(account),
    paymentMethod: account.paymentMethod,
    subscriptionType: sub.subscriptionType,
    plan,
    interval,
    domainsCount,
    startDate: sub.startDate,
    trialEndsAt: sub.trialEndsAt,
    trialDaysLeft: trialDaysLeft(account, ctx.now()),
    billingCycleEnds: sub.billingCycleEnds,
    cancelAtPeriodEnd: normaliseStatus(sub.status) === 'expiring',
    paymentFailedAt: profile?.paymentFailedAt ?? null,
    complianceDashboard: sub.products.includes(COMPLIANCE_DASHBOARD_PRODUCT),
    billing: profile?.billing ?? null,
    card: cardShown(account, profile),
    couponCode: profile?.couponCode ?? null,
    price: current,
    nextCharge:
      normaliseStatus(sub.status) === 'active' && isCardMethod(account.paymentMethod) && sub.billingCycleEnds
        ? { at: sub.billingCycleEnds, amountCents: current.totalCents, currency: current.currency }
        : null,
    locks: { dates: lockedForCaller, status: lockedForCaller, complianceDashboard: lockedForCaller, paymentMethod: lockedForCaller },
    payments: history,
    now: ctx.now().toISOString(),
  };
};

/** The card renewals go to (a seeded paid account's is its processor's test Visa), as the overview shows it. */
const cardShown = (account: LifecycleAccount, profile: BillingProfile | undefined) => {
  if (!isCardMethod(account.paymentMethod)) return null;
  const card = renewalCard(account, profile);
  return card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth ?? null, expYear: card.expYear ?? null } : null;
};

/** What POST /subscriptions would charge, for the wizard's summary panel. */
export const quoteSubscription = (ctx: ServerContext, account: LifecycleAccount, input: SubscriptionQuoteRequest): SubscriptionPrice => {
  let coupon: Coupon | null = null;
  if (input.coupon) {
    const check = checkCoupon(ctx.store, input.coupon, ctx.now());
    if (!check.ok) throw new ApiError(400, [violation(check.messageKey, 'coupon')]);
    coupon = check.coupon;
  }
  const domainsCount = input.domainsCount ?? profileOf(ctx.store, account.id)?.domainsCount ?? 1;
  return servicesFor(ctx).price(account, input.plan, input.interval, domainsCount, input.country, coupon);
};

const isPaymentMethod = (value: string | null): value is PaymentMethod =>
  value !== null && ['stripe', 'individual', 'manual_stripe', 'external', 'free'].includes(value);

/**
 * Starts or changes the subscription: checks the request against the account (every violation
 * at once), charges a new period by card when one is due, then stores the billing profile and
 * the account's subscription. Whether it was the first start (the trial ended by it).
 */
export const startSubscription = (ctx: ServerContext, caller: Session, account: LifecycleAccount, input: SubscriptionRequest): { firstStart: boolean } => {
  const { payments, price, couponFor } = servicesFor(ctx);
  const isAdmin = hasRole(caller, 'ROLE_ADMIN');
  const status = normaliseStatus(account.subscription.status);
  const profile = profileOf(ctx.store, account.id);
  const now = ctx.now();

  // Payment method: the account's, else card. Customers may only choose the card themselves (ERR-2).
  const method: PaymentMethod = input.paymentMethod ?? (isPaymentMethod(account.paymentMethod) ? account.paymentMethod : PAYMENT_METHOD_FOR_CUSTOMERS);
  if (!isAdmin && method !== account.paymentMethod) {
    if (hasStarted(account)) throw new ApiError(403, [violation(LOCK_KEYS.paymentMethod, 'paymentMethod')]);
    if (method !== PAYMENT_METHOD_FOR_CUSTOMERS) throw new ApiError(403, [violation('error.backend.permission_denied', 'paymentMethod')]);
  }

  const violations: Violation[] = [];
  const domains = accountDomains(ctx.store, account.id);
  if (input.domainsCount < publicDomainCount(domains)) violations.push(violation('validation.domains_count_too_low', 'domainsCount'));

  // Billing details: needed to invoice anything but the free plan; a change may keep the stored ones.
  const billing: BillingDetails | null = input.billing ?? profile?.billing ?? null;
  if (!billing && method !== 'free') violations.push(violation('validation.required', 'billing'));
  let coupon: Coupon | null = null;
  if (input.billing?.coupon) {
    const check = checkCoupon(ctx.store, input.billing.coupon, now);
    if (check.ok) coupon = check.coupon;
    else violations.push(violation(check.messageKey, 'billing.coupon'));
  } else if (!input.billing) {
    coupon = couponFor(profile?.couponCode);
  }

  // A charge is due now unless the current period is already paid (active or expiring: a change
  // applies at once and is billed from the next renewal, no proration).
  const periodPaid = status === 'active' || status === 'expiring';
  const chargeNow = isCardMethod(method) && !periodPaid;
  if (chargeNow && !input.payment && !profile?.card) {
    for (const field of ['cardNumber', 'expiry', 'cvc'] as const)
      violations.push(violation(`validation.card_${field === 'cardNumber' ? 'number' : field}_required`, `payment.${field}`));
  }
  if (violations.length > 0) throw new ApiError(400, violations);

  // A new card is checked by the processor (tokenised) before anything is charged or stored.
  let card: StoredCard | null = profile?.card ?? null;
  if (input.payment && isCardMethod(method)) {
    const expiry = parseExpiry(input.payment.expiry);
    const tokenised = payments.tokenise({ number: input.payment.cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc: input.payment.cvc }, now);
    if (!tokenised.ok) throw new PaymentFailedError(tokenised.failure);
    card = tokenised.card;
  }

  const amount = price(account, input.plan, input.interval, input.domainsCount, billing?.country, coupon);
  if (chargeNow && card) {
    const result = payments.charge({ card, amountCents: amount.totalCents, currency: amount.currency, onSession: true });
    const payment = recordPayment(ctx.store, {
      accountId: account.id,
      kind: 'initial',
      amountCents: amount.totalCents,
      currency: amount.currency,
      status: result.ok ? 'succeeded' : 'failed',
      failure: result.ok ? null : result.failure,
      chargeId: result.ok ? result.chargeId : null,
      brand: card.brand,
      last4: card.last4,
      createdAt: now.toISOString(),
    });
    if (!result.ok) throw new PaymentFailedError(result.failure, result.retryable);
    issueInvoice(ctx.store, { accountId: account.id, payment, price: amount, billing, periodStart: now, periodEnd: addInterval(now, input.interval) });
  }

  // Persist: profile first, then the account the banners and locks read.
  const profileData: Omit<BillingProfile, 'id'> = {
    accountId: account.id,
    plan: input.plan,
    interval: input.interval,
    domainsCount: input.domainsCount,
    billing,
    card: isCardMethod(method) ? card : null,
    couponCode: coupon?.code ?? null,
    cancelledAt: null,
    paymentFailedAt: null,
    updatedAt: now.toISOString(),
  };
  if (profile) Object.assign(profile, profileData);
  else ctx.store.rows<BillingProfile>('billingProfiles').push({ id: ctx.store.nextId('billingProfiles'), ...profileData });

  const sub = account.subscription;
  const firstStart = status === 'trial';
  Object.assign(account, {
    paymentMethod: method,
    stripeSubscriptionId: isCardMethod(method) ? (account.stripeSubscriptionId ?? `sub_dev_${randomBytes(8).toString('hex')}`) : account.stripeSubscriptionId,
    subscription: {
      ...sub,
      status: 'active',
      subscriptionType: input.plan,
      billingCycle: input.interval === 'month' ? 'monthly' : 'yearly',
      billingCycleEnds: periodPaid && sub.billingCycleEnds ? sub.billingCycleEnds : addInterval(now, input.interval).toISOString(),
      startDate: firstStart ? now.toISOString() : sub.startDate,
      domainSlots: input.domainsCount,
      lastSubscriptionDetailsChange: now.toISOString(),
      lastSubscriptionTypeChange: sub.subscriptionType !== input.plan ? now.toISOString() : sub.lastSubscriptionTypeChange,
    },
  } satisfies Partial<LifecycleAccount>);
  ctx.store.write();
  return { firstStart };
};

/** Cancels: active → expiring (inactive when the paid period ends); unpaid → inactive at once. */
export const cancelSubscription = (ctx: ServerContext, account: LifecycleAccount): void => {
  const status = normaliseStatus(account.subscription.status);
  if (status === 'expiring' || status === 'inactive') throw new ApiError(409, [violation('error.backend.subscription_not_active')]);
  const next = status === 'active' ? 'expiring' : 'inactive';
  account.subscription = { ...account.subscription, status: next, lastSubscriptionDetailsChange: ctx.now().toISOString() };
  const profile = profileOf(ctx.store, account.id);
  if (profile) profile.cancelledAt = ctx.now().toISOString();
  ctx.store.write();
};
