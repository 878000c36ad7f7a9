import { Router, type Request } from 'express';
import { z } from 'zod';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { can } from '../../src/shared/permissions';
import { permit, scopeOf } from '../guards/permissions';
import { canReadAccount, homeAccountOf } from '../auth/roles';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, asyncHandler, notFound, violation } from '../http/errors';
import { accountPatchSchema, applyLifecycleEdit, checkLifecycleEdit, lifecycleEditOf, trialDaysLeft } from '../rules/subscriptionLifecycle';
import { accountById, accountRows, ACCOUNTS } from '../data/accounts';
import { removeSolutionScripts } from '../cdn/cdnFiles';
import { removeRow } from '../store/cascade';
import type { Account, Subscription } from '../store/types';
import { owned } from '../guards/ownership';
import { settleAccount } from '../rules/subscriptions';
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

/** The account an `/accounts/:id` request names (its rights are counted on it). */
const accountParam = (req: Request) => parseId(req.params.id);

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

/** ROLE-3: the account `idParam` names, if the caller may read it; otherwise 404 (existence never leaks). */
const ownAccount =
  (ctx: ServerContext) =>
  (caller: Session, idParam: string | undefined): Account => {
    const id = parseId(idParam);
    const found = id === undefined ? undefined : accountById(ctx.store, id);
    if (!found || !canReadAccount(caller, found)) throw notFound();
    return found;
  };

/**
 * API-5, ROLE-1: accounts as a collection, read only (their writes are the actions below). The
 * operations list: ROLE_ADMIN every account, ROLE_AGENCY its own and its clients, hidden from the
 * other roles (404, as an unknown route: customers never list accounts). Reading one: the
 * caller's own, or one it may read; its billing only for who may read the subscription.
 */
const accountCollection = (ctx: ServerContext): CollectionDefinition<Account, never, never> => {
  return {
    name: ACCOUNTS,
    path: '/accounts',
    operations: {
      list: permit('accounts.list', (req) => homeAccountOf(getSession(req)), { hidden: true }),
      read: permit('account.read', accountParam),
    },
    own: ownAccount(ctx),
    list: {
      fields: LIST_FIELDS,
      matches: (row, needle) => row.name.toLowerCase().includes(needle),
      visible: (row, caller) => canReadAccount(caller, row),
      answer: toListItem,
    },
    answer: (account, caller) => {
      if (!can(caller.roles, 'subscription.read', scopeOf(caller, account.id))) return toApiWithoutBilling(account);
      // ST-1: the server is the clock. The banner counts the trial with these, never the browser's time.
      const now = ctx.now();
      const base = toApi(account);
      return { ...base, subscription: { ...base.subscription, trialDaysLeft: trialDaysLeft(account, now) }, now: now.toISOString() };
    },
    validate: {},
    rules: {
      // Renewals are processed lazily on read, so the banners see today's status (ENT-5, ST-1).
      read: (account) => {
        settleAccount(ctx, account.id);
      },
    },
  };
};

/** API-5: creating, editing and deleting accounts. 404 (not 403) for an unreadable account so existence never leaks. */
const accountActions = (ctx: ServerContext): Router => {
  const router = Router();
  const accountOf = (id: number | undefined): Account | undefined => (id === undefined ? undefined : accountById(ctx.store, id));
  const session = requireSession(ctx.store, ctx.now);

  /** ROLE-1: only ROLE_ADMIN creates accounts (name required, at least 2 characters). */
  router.post(
    '/accounts',
    session,
    noQuery,
    permit('accounts.create', (req) => homeAccountOf(getSession(req))),
    acceptBody({ json: true }),
    (req, res) => {
      const input = parseOrThrow(accountCreateSchema, req.body);
      const parentId = input.parentAccountId ?? null;
      if (parentId !== null && !accountOf(parentId)) throw new ApiError(400, [violation('validation.invalid_value', 'parentAccountId')]);
      const now = ctx.now();
      const account: Account = {
        id: ctx.store.nextId(ACCOUNTS),
        name: input.name,
        date: now.toISOString(),
        stripeSubscriptionId: null,
        paymentMethod: 'stripe',
        parentAccountId: parentId,
        subscription: trialSubscription(now),
      };
      accountRows(ctx.store).push(account);
      ctx.store.write();
      res.status(201).location(`/accounts/${account.id}`).json(toApi(account));
    },
  );

  /** 404 for a missing or unreadable account, before any role check (no existence leak). */
  const readable = owned(ownAccount(ctx));
  /**
   * ERR-2: the name, and the lifecycle fields a customer may set before the subscription
   * starts (locked after it, except for ROLE_ADMIN). DEMO and CLIENT may not change an account.
   * The account is looked up first: an unreadable one answers 404 whatever the role.
   */
  router.patch('/accounts/:id', session, readable, permit('account.edit', accountParam), acceptBody({ json: true }), (req, res) => {
    const caller = getSession(req);
    const id = accountParam(req) ?? 0;
    const patch = parseOrThrow(accountPatchSchema, req.body);
    settleAccount(ctx, id);
    const account = accountOf(id);
    if (!account) throw notFound();
    const edit = lifecycleEditOf(patch);
    checkLifecycleEdit(caller, account, edit);
    Object.assign(account, applyLifecycleEdit(account, edit), patch.name !== undefined ? { name: patch.name } : {});
    ctx.store.write();
    res.json(toApi(account));
  });

  /**
   * SEC-2: operations staff delete another account, confirmed by its exact name in `?confirm=`
   * (as the app's typed-name confirmation). Everything that belongs to it goes in the same write:
   * users and their sessions and tokens, consent solutions and all they own, templates and their
   * versions, billing profile, payments; then its published scripts and consent records. Refused while it is an
   * agency with client accounts.
   */
  router.delete(
    '/accounts/:id',
    session,
    readable,
    permit('accounts.delete', accountParam),
    asyncHandler(async (req, res) => {
      const account = accountOf(accountParam(req));
      if (!account) throw notFound();
      const confirm = req.query.confirm;
      const unknown = Object.keys(req.query).find((key) => key !== 'confirm');
      if (unknown !== undefined) throw invalidQuery(unknown);
      if (typeof confirm !== 'string' || confirm !== account.name) throw new ApiError(400, [violation('validation.account_name_confirmation', 'confirm')]);
      if (accountRows(ctx.store).some((other) => other.parentAccountId === account.id)) throw new ApiError(409, 'error.backend.account_has_clients');
      const removed = removeRow(ctx.store, 'accounts', account.id);
      ctx.store.write();
      for (const solution of removed.get('consentSolutions') ?? []) {
        removeSolutionScripts(ctx.store.file, solution.id);
        await ctx.consentLog.forgetSolution(solution.id);
      }
      res.status(204).end();
    }),
  );

  return router;
};

/** Accounts' writes are actions (a trial, lifecycle rules, a typed-name delete): mounted before the collection's 405s. */
export const accountsFeature: Feature = {
  name: 'accounts',
  routes: (ctx, { bridge }) => [accountActions(ctx), collectionRoutes(ctx, bridge, accountCollection(ctx))],
};
