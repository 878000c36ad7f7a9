import { Router, type Request } from 'express';
import {
  checkBillingCrossFields,
  cardChangeRequestSchema,
  subscriptionChangeRequestSchema,
  subscriptionQuoteRequestSchema,
  subscriptionRequestSchema,
  type SubscriptionRequest,
} from '../../src/schemas/billing';
import { markAsRead } from '../audit/auditTrail';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { requirePermission } from '../guards/permissions';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, violation } from '../http/errors';
import { parseOrThrow, safeParseKeyed, zodViolations } from '../http/validation';
import { cancelSubscription, PaymentFailedError, quoteSubscription, startSubscription, subscriptionAccount, subscriptionState } from '../rules/subscriptions';
import type { LifecycleAccount } from '../rules/subscriptionLifecycle';
import { changeCard, previewChange } from '../rules/subscriptionChanges';

/**
 * /subscriptions (PROD-2, ENT-4, ENT-5, ERR-2): read, quote, start or change, cancel; the
 * caller's own account's, or `/subscriptions/{accountId}` for one its role may read. The rules
 * are rules/subscriptions.ts.
 */

const ACCOUNT_PARAM = /^\d{1,15}$/;

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

const subscriptionRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });

  /** The target account: the caller's own, or `:accountId` when the role may read it (404 otherwise). */
  const targetAccount = (req: Request): { caller: Session; account: LifecycleAccount } => {
    const caller = getSession(req);
    const param = req.params.accountId;
    const id = param === undefined ? caller.accountId : ACCOUNT_PARAM.test(param) ? Number(param) : Number.NaN;
    return { caller, account: subscriptionAccount(ctx, caller, id) };
  };

  router.get(['/subscriptions', '/subscriptions/:accountId(\\d+)'], session, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.read', account.id);
    res.json(subscriptionState(ctx, account, caller));
  });

  // What POST /subscriptions would charge, for the wizard's summary panel. A read: never in the audit log.
  router.post(['/subscriptions/quote', '/subscriptions/:accountId(\\d+)/quote'], session, markAsRead, body, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.read', account.id);
    const input = parseOrThrow(subscriptionQuoteRequestSchema, req.body);
    res.json(quoteSubscription(ctx, account, input));
  });

  // PAY-1: what a change of plan, interval or slots does to the price and dates, before it is made (a read).
  router.post(['/subscriptions/preview', '/subscriptions/:accountId(\\d+)/preview'], session, markAsRead, body, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.read', account.id);
    res.json(previewChange(ctx, account, parseOrThrow(subscriptionChangeRequestSchema, req.body)));
  });

  // PAY-1: a new card for the renewals (charged at once when a payment is overdue).
  router.put(['/subscriptions/card', '/subscriptions/:accountId(\\d+)/card'], session, body, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.manage', account.id);
    try {
      changeCard(ctx, account, parseOrThrow(cardChangeRequestSchema, req.body).payment);
    } catch (error) {
      if (error instanceof PaymentFailedError && error.retryable) res.setHeader('Retry-After', '1');
      throw error;
    }
    res.json(subscriptionState(ctx, account, caller));
  });

  // ROLE-1: starting, changing and cancelling are checked on the target account (own or another one).
  router.post(['/subscriptions', '/subscriptions/:accountId(\\d+)'], session, body, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.manage', account.id);
    const input = parseRequest(req.body);
    try {
      const { firstStart } = startSubscription(ctx, caller, account, input);
      res.status(firstStart ? 201 : 200).json(subscriptionState(ctx, account, caller));
    } catch (error) {
      if (error instanceof PaymentFailedError && error.retryable) res.setHeader('Retry-After', '1');
      throw error;
    }
  });

  router.delete(['/subscriptions', '/subscriptions/:accountId(\\d+)'], session, (req, res) => {
    const { caller, account } = targetAccount(req);
    requirePermission(caller, 'subscription.manage', account.id);
    cancelSubscription(ctx, account);
    res.json(subscriptionState(ctx, account, caller));
  });

  return router;
};

export const subscriptionsFeature: Feature = {
  name: 'subscriptions',
  routes: (ctx) => [subscriptionRoutes(ctx)],
};
