import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  checkBillingCrossFields,
  parseExpiry,
  subscriptionQuoteRequestSchema,
  subscriptionRequestSchema,
  type BillingDetails,
  type PaymentMethod,
  type SubscriptionRequest,
} from '../../src/schemas/billing';
import type { Violation } from '../../src/shared/violations';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import type { Account } from '../store/types';
import { accountById } from '../data/accounts';
import { requirePermission } from '../guards/permissions';
import { canReadAccount, hasRole } from '../auth/roles';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, notFound, violation } from '../http/errors';
import { parseOrThrow, safeParseKeyed, zodViolations } from '../http/validation';
import { createDevPaymentAdapter, type PaymentAdapter, type PaymentFailure, type StoredCard } from '../payments/devPaymentAdapter';
import {
  accountDomains,
  checkCoupon,
  priceSubscription,
  publicDomainCount,
  type Coupon,
  type SubscriptionPrice,
} from '../rules/billing';
import { priceTableFor } from '../rules/pricing';
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
  settle,
  trialDaysLeft,
  type BillingProfile,
  type LifecycleAccount,
  type LifecycleDeps,
  type PaymentRecord,
} from '../rules/subscriptionLifecycle';

/**
 * /subscriptions (PROD-2, ENT-4, ENT-5, ERR-2): read, quote, start or change, cancel. Every
 * amount comes from `priceSubscription` over the stored domains; card numbers go to the payment
 * adapter and only its token, brand and last four are kept (ST-4).
 */

const PAYMENT_FAILURE_KEYS: Record<PaymentFailure, string> = {
  card_declined: 'error.backend.payment_declined',
  insufficient_funds: 'error.backend.payment_insufficient_funds',
  processing_error: 'error.backend.payment_processing_error',
  expired_card: 'error.backend.payment_expired_card',
  incorrect_cvc: 'error.backend.payment_incorrect_cvc',
};

const paymentFailed = (failure: PaymentFailure): ApiError => {
  const path = failure === 'incorrect_cvc' ? 'payment.cvc' : failure === 'expired_card' ? 'payment.expiry' : 'payment.cardNumber';
  return new ApiError(402, [violation(PAYMENT_FAILURE_KEYS[failure], path)]);
};

const ACCOUNT_PARAM = /^\d{1,15}$/;

export interface SubscriptionRoutesOptions {
  payments?: PaymentAdapter;
}

interface SubscriptionServices {
  payments: PaymentAdapter;
  lifecycle: LifecycleDeps;
  price: (account: LifecycleAccount, plan: BillingProfile['plan'], interval: BillingProfile['interval'], domainsCount: number, country: string | undefined, coupon: Coupon | null) => SubscriptionPrice;
  couponFor: (code: string | null | undefined) => Coupon | null;
}

// One payment adapter per server: it remembers the test behaviour of the cards it tokenised.
const services = new WeakMap<ServerContext, SubscriptionServices>();

const servicesFor = (ctx: ServerContext, payments: PaymentAdapter = createDevPaymentAdapter()): SubscriptionServices => {
  const existing = services.get(ctx);
  if (existing) return existing;
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

const subscriptionRoutes = (ctx: ServerContext, options: SubscriptionRoutesOptions = {}): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  const { payments, lifecycle, price, couponFor } = servicesFor(ctx, options.payments);

  /** The target account: the caller's own, or `:accountId` when the role may read it (404 otherwise). */
  const targetAccount = (req: Request): { caller: Session; account: LifecycleAccount } => {
    const caller = getSession(req);
    const param = req.params.accountId;
    const id = param === undefined ? caller.accountId : ACCOUNT_PARAM.test(param) ? Number(param) : Number.NaN;
    const found = Number.isNaN(id) ? undefined : accountById<LifecycleAccount>(ctx.store, id);
    // canReadAccount wants the stored shape; the two differ only in the status union.
    // canReadAccount reads only id and parentAccountId; the row types differ only in the status union.
    if (!found || !canReadAccount(caller, found as unknown as Account)) throw notFound();
    const account = settle(lifecycle, found.id) ?? found;
    return { caller, account };
  };

  /** ROLE-1: the shared permission matrix, on the target account (own or another one). */
  const requireManage = (caller: Session, account: LifecycleAccount): void => {
    requirePermission(caller, 'subscription.manage', account.id);
  };

  const view = (account: LifecycleAccount, caller: Session) => {
    const profile = profileOf(ctx.store, account.id);
    const sub = account.subscription;
    const plan = profile?.plan ?? (sub.subscriptionType === 'professional' ? 'professional' : 'essential');
    const interval = profile?.interval ?? (sub.billingCycle === 'yearly' ? 'year' : 'month');
    const domainsCount = profile?.domainsCount ?? Math.max(1, publicDomainCount(accountDomains(ctx.store, account.id)));
    const started = hasStarted(account);
    const lockedForCaller = started && !hasRole(caller, 'ROLE_ADMIN');
    const history = ctx.store
      .rows<PaymentRecord>('payments')
      .filter((p) => p.accountId === account.id)
      .slice(-20)
      .map(({ id, kind, amountCents, currency, status, failure, brand, last4, createdAt }) => ({ id, kind, amountCents, currency, status, failure, brand, last4, createdAt }));
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
      card: profile?.card ? { brand: profile.card.brand, last4: profile.card.last4 } : null,
      couponCode: profile?.couponCode ?? null,
      price: price(account, plan, interval, domainsCount, profile?.billing?.country, couponFor(profile?.couponCode)),
      locks: { dates: lockedForCaller, status: lockedForCaller, complianceDashboard: lockedForCaller, paymentMethod: lockedForCaller },
      payments: history,
      now: ctx.now().toISOString(),
    };
  };

  // ---------------------------------------------------------------------------------------------
  // Read

  router.get(['/subscriptions', '/subscriptions/:accountId(\\d+)'], session, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.read', account.id);
    res.json(view(account, caller));
  });

  // ---------------------------------------------------------------------------------------------
  // Quote: what POST /subscriptions would charge, for the wizard's summary panel

  router.post(['/subscriptions/quote', '/subscriptions/:accountId(\\d+)/quote'], session, body, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.read', account.id);
    const input = parseOrThrow(subscriptionQuoteRequestSchema, req.body);
    let coupon: Coupon | null = null;
    if (input.coupon) {
      const check = checkCoupon(ctx.store, input.coupon, ctx.now());
      if (!check.ok) throw new ApiError(400, [violation(check.messageKey, 'coupon')]);
      coupon = check.coupon;
    }
    const domainsCount = input.domainsCount ?? profileOf(ctx.store, account.id)?.domainsCount ?? 1;
    res.json(price(account, input.plan, input.interval, domainsCount, input.country, coupon));
  });

  // ---------------------------------------------------------------------------------------------
  // Start or change

  router.post(['/subscriptions', '/subscriptions/:accountId(\\d+)'], session, body, (req, res) => {
    const { caller, account } = targetAccount(req);
    requireManage(caller, account);
    const input = parseRequest(req.body);
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
      for (const field of ['cardNumber', 'expiry', 'cvc'] as const) violations.push(violation(`validation.card_${field === 'cardNumber' ? 'number' : field}_required`, `payment.${field}`));
    }
    if (violations.length > 0) throw new ApiError(400, violations);

    // A new card is checked by the processor (tokenised) before anything is charged or stored.
    let card: StoredCard | null = profile?.card ?? null;
    if (input.payment && isCardMethod(method)) {
      const expiry = parseExpiry(input.payment.expiry);
      const tokenised = payments.tokenise({ number: input.payment.cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc: input.payment.cvc }, now);
      if (!tokenised.ok) throw paymentFailed(tokenised.failure);
      card = tokenised.card;
    }

    const amount = price(account, input.plan, input.interval, input.domainsCount, billing?.country, coupon);
    if (chargeNow && card) {
      const result = payments.charge({ card, amountCents: amount.totalCents, currency: amount.currency, onSession: true });
      recordPayment(ctx.store, {
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
      if (!result.ok) {
        if (result.retryable) res.setHeader('Retry-After', '1');
        throw paymentFailed(result.failure);
      }
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
    res.status(firstStart ? 201 : 200).json(view(account, caller));
  });

  // ---------------------------------------------------------------------------------------------
  // Cancel: active → expiring (inactive when the paid period ends); unpaid → inactive at once

  router.delete(['/subscriptions', '/subscriptions/:accountId(\\d+)'], session, (req, res) => {
    const { caller, account } = targetAccount(req);
    requireManage(caller, account);
    const status = normaliseStatus(account.subscription.status);
    if (status === 'expiring' || status === 'inactive') throw new ApiError(409, [violation('error.backend.subscription_not_active')]);
    const next = status === 'active' ? 'expiring' : 'inactive';
    account.subscription = { ...account.subscription, status: next, lastSubscriptionDetailsChange: ctx.now().toISOString() };
    const profile = profileOf(ctx.store, account.id);
    if (profile) profile.cancelledAt = ctx.now().toISOString();
    ctx.store.write();
    res.json(view(account, caller));
  });

  return router;
};

const isPaymentMethod = (value: string | null): value is PaymentMethod =>
  value !== null && ['stripe', 'individual', 'manual_stripe', 'external', 'free'].includes(value);

/** Field rules and cross-field rules together, so a form gets every violation in one answer. */
const parseRequest = (raw: unknown): SubscriptionRequest => {
  const parsed = safeParseKeyed(subscriptionRequestSchema, raw);
  if (parsed.success) return parsed.data;
  const violations = zodViolations(parsed.error);
  const rawBilling = (raw as { billing?: unknown }).billing;
  if (typeof rawBilling === 'object' && rawBilling !== null) {
    for (const issue of checkBillingCrossFields(rawBilling)) {
      const path = `billing.${issue.path}`;
      if (!violations.some((v) => v.propertyPath === path)) violations.push(violation(issue.key, path));
    }
  }
  throw new ApiError(400, violations);
};

export const subscriptionsFeature: Feature = {
  name: 'subscriptions',
  routes: (ctx) => [subscriptionRoutes(ctx)],
};
