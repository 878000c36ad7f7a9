import { Router } from 'express';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context';
import { canReadAccount, hasRole } from '../guards/roles';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, notFound } from '../http/errors';
import { subscriptionZodViolations } from '../rules/billing';
import { accountPatchSchema, accountsOf, applyLifecycleEdit, checkLifecycleEdit, lifecycleEditOf } from '../rules/subscriptionLifecycle';
import type { Account } from '../store/types';
import { settleAccount } from './subscriptions';

/** The account as docs/api.md describes it (internal fields such as parentAccountId stay out). */
const toApi = (account: Account) => ({
  id: account.id,
  name: account.name,
  date: account.date,
  stripeSubscriptionId: account.stripeSubscriptionId,
  paymentMethod: account.paymentMethod,
  subscription: account.subscription,
});

/** API-5: GET /accounts/:id; 404 (not 403) for an unreadable account so existence never leaks. */
export const accountRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const accounts = ctx.store.collection<Account>('accounts');

  router.get('/accounts/:id', requireSession(ctx.store, ctx.now), (req, res) => {
    const id = req.params.id ?? '';
    const account = /^\d{1,15}$/.test(id) ? accounts.find(Number(id)) : undefined;
    if (!account || !canReadAccount(getSession(req), account)) throw notFound();
    // Renewals are processed lazily on read, so the banners see today's status (ENT-5, ST-1).
    settleAccount(ctx, account.id);
    res.json(toApi(accounts.find(account.id) ?? account));
  });

  /**
   * ERR-2: the name, and the lifecycle fields a customer may set before the subscription
   * starts (locked after it, except for ROLE_ADMIN). DEMO and CLIENT may not change an account.
   */
  router.patch('/accounts/:id', requireSession(ctx.store, ctx.now), acceptBody({ json: true }), (req, res) => {
    const caller = getSession(req);
    const id = req.params.id ?? '';
    const found = /^\d{1,15}$/.test(id) ? accounts.find(Number(id)) : undefined;
    if (!found || !canReadAccount(caller, found)) throw notFound();
    if (hasRole(caller, 'ROLE_DEMO') || hasRole(caller, 'ROLE_CLIENT')) throw new ApiError(403, 'error.backend.permission_denied');
    const parsed = accountPatchSchema.safeParse(req.body);
    if (!parsed.success) throw new ApiError(400, subscriptionZodViolations(parsed.error));
    settleAccount(ctx, found.id);
    const lifecycleAccounts = accountsOf(ctx.store);
    const account = lifecycleAccounts.find(found.id);
    if (!account) throw notFound();
    const edit = lifecycleEditOf(parsed.data);
    checkLifecycleEdit(caller, account, edit);
    lifecycleAccounts.update(account.id, { ...applyLifecycleEdit(account, edit), ...(parsed.data.name !== undefined ? { name: parsed.data.name } : {}) });
    res.json(toApi(accounts.find(account.id) ?? found));
  });

  return router;
};
