import type { Request, RequestHandler } from 'express';
import { ApiError, asyncHandler, violation } from '../http/errors';
import { canReadAccount, hasRole, type Caller } from './roles';
import type { Store } from '../store/store';
import type { Account, User } from '../store/types';
import { readSessionToken } from './cookies';
import { verifySession } from './jwt';
import { sessionSecretOf } from './sessionSecret';
import { endUserSessions, isLastUsedStale, liveSession } from './sessions';

export interface Session extends Caller {
  /** The user's own account; `accountId` is the account this request acts on. */
  homeAccountId: number;
  user: User;
}

/** The request header that makes a request act on another account (ROLE-1 operations). */
const ACCOUNT_HEADER = 'x-account-id';

/** `last seen` is written at most this often per user (ENT-4), not on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

const sessions = new WeakMap<Request, Session>();

/** The session attached by requireSession; throws if a route forgot the guard. */
export const getSession = (req: Request): Session => {
  const session = sessions.get(req);
  if (!session) throw new Error('getSession() called on a route without requireSession');
  return session;
};

/** The session if requireSession ran for this request (the audit trail reads it). */
export const findSession = (req: Request): Session | undefined => sessions.get(req);

/**
 * May this caller act on `account`? ROLE_ADMIN any account, ROLE_AGENCY its own and its
 * client accounts; everyone else only the own one.
 */
const canActOnAccount = (caller: Caller, account: Pick<Account, 'id' | 'parentAccountId'>): boolean =>
  (hasRole(caller, 'ROLE_ADMIN') || hasRole(caller, 'ROLE_AGENCY')) && canReadAccount(caller, account);

/**
 * The account of `X-Account-Id`: the home account without the header; 400 for a malformed
 * value; 403 not_allowed_switch_account when the caller may not act on it (the same answer
 * for a missing account, so nothing leaks); only ROLE_ADMIN, who may act on any account,
 * learns that an id does not exist (404).
 */
const actingAccountId = (store: Store, caller: Caller, header: string | string[] | undefined): number => {
  if (header === undefined || header === '') return caller.accountId;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header.trim())) {
    throw new ApiError(400, [violation('validation.invalid_value', 'X-Account-Id')]);
  }
  const id = Number(header.trim());
  if (id === caller.accountId) return id;
  const account = store.rows<Account>('accounts').find((row) => row.id === id);
  if (account && canActOnAccount(caller, account)) return id;
  if (!account && hasRole(caller, 'ROLE_ADMIN')) throw new ApiError(404, 'error.backend.not_found');
  throw new ApiError(403, 'error.backend.not_allowed_switch_account');
};

/**
 * API-2 / SEC-3: a session is valid only when ci_hp + ci_s form a JWT with our signature,
 * unexpired, whose session id still has its server-side row (logout, reset, removal and
 * disable delete it) issued to the token's user, who still exists and is active. Roles and
 * account come from the DB, not the token, so a role change takes effect at once.
 * `X-Account-Id` sets the account the request acts on (`session.accountId`), which every
 * scoped route reads.
 */
export const requireSession = (store: Store, now: () => Date): RequestHandler =>
  asyncHandler(async (req, _res, next) => {
    const token = readSessionToken(req);
    const at = now();
    const claims = token ? await verifySession(token, sessionSecretOf(store), at) : null;
    const row = claims ? liveSession(store, claims.sid, Number(claims.sub), at) : undefined;
    const users = store.rows<User>('users');
    const user = row ? users.find((u) => u.id === row.userId) : undefined;
    if (!row || !user || user.status !== 'active') {
      // A user disabled since: its sessions end now, not only while it stays disabled.
      if (row && endUserSessions(store, row.userId) > 0) store.write();
      throw new ApiError(401, 'error.backend.unauthorized');
    }
    const home: Session = { userId: user.id, accountId: user.accountId, homeAccountId: user.accountId, roles: user.roles, user: structuredClone(user) };
    const accountId = actingAccountId(store, home, req.headers[ACCOUNT_HEADER]);
    const seen = user.lastSeenAt === null || at.getTime() - Date.parse(user.lastSeenAt) >= LAST_SEEN_RESOLUTION_MS;
    if (seen) user.lastSeenAt = at.toISOString();
    const used = isLastUsedStale(row, at);
    if (used) row.lastUsedAt = at.toISOString();
    if (seen || used) store.write();
    sessions.set(req, { ...home, accountId });
    next();
  });
