import { Router } from 'express';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context';
import { canReadAccount } from '../guards/roles';
import { notFound } from '../http/errors';
import type { Account } from '../store/types';

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
    res.json(toApi(account));
  });

  return router;
};
