import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import { can } from '../../src/shared/permissions';
import { permit, scopeOf } from '../guards/permissions';
import { canReadAccount, homeAccountOf } from '../auth/roles';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, asyncHandler, notFound, violation } from '../http/errors';
import { accountPatchSchema, accountsOf, applyLifecycleEdit, checkLifecycleEdit, lifecycleEditOf, trialDaysLeft } from '../rules/subscriptionLifecycle';
import { removeSolutionScripts } from '../banner/cdnFiles';
import { removeRow } from '../store/cascade';
import type { Account, Subscription } from '../store/types';
import { listRows } from './listRows';
import { settleAccount } from './subscriptions';
import { noQuery, invalidQuery, parseId } from '../http/query';
import { parseOrThrow } from '../http/validation';

/** The account as docs/api.md describes it (internal fields such as parentAccountId stay out). */
const toApi = (account: Account) => ({
  id: account.id,
  name: account.name,
  date: account.date,
  stripeSubscriptionId: account.stripeSubscriptionId,
  paymentMethod: account.paymentMethod,
  subscription: account.subscription,
});

/**
 * The account for a caller who may not see its billing (an agency's client): no payment
 * method, processor id or subscription, only the domain defaults its forms start from.
 */
const toApiWithoutBilling = (account: Account) => ({
  id: account.id,
  name: account.name,
  date: account.date,
  subscription: { defaultDomainSettings: account.subscription.defaultDomainSettings },
});

/** A row of `GET /accounts` (the switcher): who the account is and whose client. */
const toListItem = (account: Account) => ({
  id: account.id,
  name: account.name,
  date: account.date,
  parentAccountId: account.parentAccountId,
  status: account.subscription.status,
});

const LIST_FIELDS: ReadonlySet<string> = new Set(['name', 'date', 'parentAccountId']);

const TRIAL_DAYS = 14;
const DAY_MS = 86_400_000;

/** POST /accounts: `name` 2-255 (spec section 9); an agency's client names its parent. */
const accountCreateSchema = z.object({
  name: z
    .string({ error: 'validation.account_name_required' })
    .trim()
    .min(1, { error: 'validation.account_name_required' })
    .min(2, { error: 'validation.account_name_length' })
    .max(255, { error: 'validation.account_name_length' }),
  parentAccountId: z.number().int().positive().nullable().optional(),
});

/** A new account starts a trial, like a sign-up. */
const trialSubscription = (now: Date): Subscription => ({
  status: 'trial',
  subscriptionType: 'trial',
  billingCycle: null,
  billingCycleEnds: null,
  trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
  lastSubscriptionDetailsChange: now.toISOString(),
  lastSubscriptionTypeChange: now.toISOString(),
  currentPricingVersion: 'v2',
  defaultDomainSettings: { scan_depth: 500, scan_frequency: 7 },
  domainSlots: 20,
  products: ['consent'],
  startDate: now.toISOString(),
  actions: 25000,
  currency: 'EUR',
});

/** API-5: accounts. 404 (not 403) for an unreadable account so existence never leaks. */
export const accountRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const accounts = ctx.store.collection<Account>('accounts');
  const session = requireSession(ctx.store, ctx.now);
  const accountParam = (req: Request) => parseId(req.params.id);

  /**
   * ROLE-1: the operations list: ROLE_ADMIN every account, ROLE_AGENCY its own and its
   * clients. Hidden from the other roles (404, as an unknown route: customers never list accounts).
   */
  router.get('/accounts', session, permit('accounts.list', (req) => homeAccountOf(getSession(req)), { hidden: true }), (req, res) => {
    const caller = getSession(req);
    const rows = ctx.store.rows<Account>('accounts');
    const { page, total } = listRows(rows, req.query, {
      fields: LIST_FIELDS,
      scope: (row) => canReadAccount(caller, row),
      matches: (row, needle) => row.name.toLowerCase().includes(needle),
    });
    res.setHeader('X-Total-Count', total);
    res.json(page.map(toListItem));
  });

  /** ROLE-1: only ROLE_ADMIN creates accounts (name required, at least 2 characters). */
  router.post('/accounts', session, noQuery, permit('accounts.create', (req) => homeAccountOf(getSession(req))), acceptBody({ json: true }), (req, res) => {
    const input = parseOrThrow(accountCreateSchema, req.body);
    const parentId = input.parentAccountId ?? null;
    if (parentId !== null && !accounts.find(parentId)) throw new ApiError(400, [violation('validation.invalid_value', 'parentAccountId')]);
    const now = ctx.now();
    const account = accounts.insert({
      name: input.name,
      date: now.toISOString(),
      stripeSubscriptionId: null,
      paymentMethod: 'stripe',
      parentAccountId: parentId,
      subscription: trialSubscription(now),
    });
    res.status(201).location(`/accounts/${account.id}`).json(toApi(account));
  });

  /** 404 for a missing or unreadable account, before any role check (no existence leak). */
  const readable: RequestHandler = (req, _res, next) => {
    const id = accountParam(req);
    const found = id === undefined ? undefined : accounts.find(id);
    if (!found || !canReadAccount(getSession(req), found)) throw notFound();
    next();
  };

  router.get('/accounts/:id', session, readable, permit('account.read', accountParam), (req, res) => {
    const account = accounts.find(accountParam(req) ?? 0);
    if (!account) throw notFound();
    // Renewals are processed lazily on read, so the banners see today's status (ENT-5, ST-1).
    settleAccount(ctx, account.id);
    const settled = accounts.find(account.id) ?? account;
    const caller = getSession(req);
    if (!can(caller.roles, 'subscription.read', scopeOf(caller, settled.id))) {
      res.json(toApiWithoutBilling(settled));
      return;
    }
    // ST-1: the server is the clock. The banner counts the trial with these, never the browser's time.
    const now = ctx.now();
    const base = toApi(settled);
    res.json({ ...base, subscription: { ...base.subscription, trialDaysLeft: trialDaysLeft(settled, now) }, now: now.toISOString() });
  });

  /**
   * ERR-2: the name, and the lifecycle fields a customer may set before the subscription
   * starts (locked after it, except for ROLE_ADMIN). DEMO and CLIENT may not change an account.
   * The account is looked up first: an unreadable one answers 404 whatever the role.
   */
  router.patch(
    '/accounts/:id',
    session,
    readable,
    permit('account.edit', accountParam),
    acceptBody({ json: true }),
    (req, res) => {
      const caller = getSession(req);
      const id = accountParam(req) ?? 0;
      const patch = parseOrThrow(accountPatchSchema, req.body);
      settleAccount(ctx, id);
      const lifecycleAccounts = accountsOf(ctx.store);
      const account = lifecycleAccounts.find(id);
      if (!account) throw notFound();
      const edit = lifecycleEditOf(patch);
      checkLifecycleEdit(caller, account, edit);
      lifecycleAccounts.update(account.id, { ...applyLifecycleEdit(account, edit), ...(patch.name !== undefined ? { name: patch.name } : {}) });
      const updated = accounts.find(account.id);
      if (!updated) throw notFound();
      res.json(toApi(updated));
    },
  );

  /**
   * SEC-2: operations staff delete another account, confirmed by its exact name in `?confirm=`
   * (as the app's typed-name confirmation). Everything that belongs to it goes in the same write:
   * users and their sessions and tokens, consent solutions and all they own, templates and their
   * versions, billing profile, payments; then its published scripts and consent records. Refused while it is an
   * agency with client accounts.
   */
  router.delete('/accounts/:id', session, readable, permit('accounts.delete', accountParam), asyncHandler(async (req, res) => {
    const account = accounts.find(accountParam(req) ?? 0);
    if (!account) throw notFound();
    const confirm = req.query.confirm;
    const unknown = Object.keys(req.query).find((key) => key !== 'confirm');
    if (unknown !== undefined) throw invalidQuery(unknown);
    if (typeof confirm !== 'string' || confirm !== account.name) throw new ApiError(400, [violation('validation.account_name_confirmation', 'confirm')]);
    if (ctx.store.rows<Account>('accounts').some((other) => other.parentAccountId === account.id)) throw new ApiError(409, 'error.backend.account_has_clients');
    const removed = removeRow(ctx.store, 'accounts', account.id);
    ctx.store.write();
    for (const solution of removed.get('consentSolutions') ?? []) {
      removeSolutionScripts(ctx.store.file, solution.id);
      await ctx.consentLog.forgetSolution(solution.id);
    }
    res.status(204).end();
  }));

  return router;
};
