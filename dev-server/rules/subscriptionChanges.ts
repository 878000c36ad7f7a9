import type { SubscriptionChangePreview, SubscriptionChangeRequest } from '../../src/schemas/subscription';
import type { ServerContext } from '../context/context';
import { ApiError, violation } from '../http/errors';
import { accountDomains, publicDomainCount } from './billing';
import { issueInvoice } from './invoices';
import { addInterval, isCardMethod, normaliseStatus, profileOf, recordPayment, type LifecycleAccount } from './subscriptionLifecycle';
import { currentPrice, PaymentFailedError, servicesFor } from './subscriptions';
import { parseExpiry } from '../../src/schemas/billing';

/**
 * PAY-1: changing a running subscription: what a change of plan, interval or slots does before
 * it is made, and replacing the card. Starting, changing and cancelling themselves are
 * ./subscriptions.ts.
 */

/** Whether the current period is paid for (a change then waits for the renewal to be charged). */
const periodIsPaid = (account: LifecycleAccount): boolean => ['active', 'expiring'].includes(normaliseStatus(account.subscription.status));

/**
 * PAY-1: what POST /subscriptions with this change would do, shown before it is confirmed.
 * Decision: within a paid period a change applies at once and the new price is charged from
 * the next renewal (no proration: nothing charged or refunded today); without one, a new
 * period starts today and is charged now.
 */
export const previewChange = (ctx: ServerContext, account: LifecycleAccount, input: SubscriptionChangeRequest): SubscriptionChangePreview => {
  const { price, couponFor } = servicesFor(ctx);
  const profile = profileOf(ctx.store, account.id);
  if (input.domainsCount < publicDomainCount(accountDomains(ctx.store, account.id))) {
    throw new ApiError(400, [violation('validation.domains_count_too_low', 'domainsCount')]);
  }
  const next = price(account, input.plan, input.interval, input.domainsCount, profile?.billing?.country, couponFor(profile?.couponCode));
  const paid = periodIsPaid(account) && account.subscription.billingCycleEnds !== null;
  const now = ctx.now();
  const chargedNowCents = paid || !isCardMethod(account.paymentMethod) ? 0 : next.totalCents;
  return {
    current: currentPrice(ctx, account, profile),
    next,
    chargedNowCents,
    nextChargeAt: paid ? (account.subscription.billingCycleEnds ?? now.toISOString()) : addInterval(now, input.interval).toISOString(),
    nextChargeCents: next.totalCents,
    currency: next.currency,
  };
};

/**
 * PAY-1: replaces the card renewals are charged to. The processor checks the new card first
 * (a refused one changes nothing). An account waiting for payment is charged at once on the
 * new card: that payment starts a new period and ends the wait.
 */
export const changeCard = (ctx: ServerContext, account: LifecycleAccount, input: { cardNumber: string; expiry: string; cvc: string }): void => {
  const { payments, price, couponFor } = servicesFor(ctx);
  const status = normaliseStatus(account.subscription.status);
  const profile = profileOf(ctx.store, account.id);
  if (!isCardMethod(account.paymentMethod) || !['active', 'expiring', 'waiting_for_payment'].includes(status) || !profile) {
    throw new ApiError(409, [violation('error.backend.subscription_not_active')]);
  }
  const now = ctx.now();
  const expiry = parseExpiry(input.expiry);
  const tokenised = payments.tokenise({ number: input.cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc: input.cvc }, now);
  if (!tokenised.ok) throw new PaymentFailedError(tokenised.failure);
  const card = tokenised.card;

  if (status === 'waiting_for_payment') {
    const amount = price(account, profile.plan, profile.interval, profile.domainsCount, profile.billing?.country, couponFor(profile.couponCode));
    const result = payments.charge({ card, amountCents: amount.totalCents, currency: amount.currency, onSession: true });
    const payment = recordPayment(ctx.store, {
      accountId: account.id,
      kind: 'renewal',
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
    const periodEnd = addInterval(now, profile.interval);
    issueInvoice(ctx.store, { accountId: account.id, payment, price: amount, billing: profile.billing, periodStart: now, periodEnd });
    account.subscription = {
      ...account.subscription,
      status: 'active',
      billingCycleEnds: periodEnd.toISOString(),
      lastSubscriptionDetailsChange: now.toISOString(),
    };
    profile.paymentFailedAt = null;
  }
  profile.card = card;
  profile.updatedAt = now.toISOString();
  ctx.store.write();
};
