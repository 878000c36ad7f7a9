import type { Request, RequestHandler } from 'express';
import { ApiError, asyncHandler } from '../http/errors';
import type { Caller } from '../guards/roles';
import type { Store } from '../store/store';
import type { User } from '../store/types';
import { readSessionToken } from './cookies';
import { verifySession } from './jwt';

export interface Session extends Caller {
  user: User;
}

const sessions = new WeakMap<Request, Session>();

/** The session attached by requireSession; throws if a route forgot the guard. */
export const getSession = (req: Request): Session => {
  const session = sessions.get(req);
  if (!session) throw new Error('getSession() called on a route without requireSession');
  return session;
};

/**
 * API-2: a session is valid only when ci_hp + ci_s form a JWT with our signature, unexpired,
 * of a user that still exists and is active. Roles and account come from the DB, not the
 * token, so a role change takes effect at once.
 */
export const requireSession = (store: Store, now: () => Date): RequestHandler =>
  asyncHandler(async (req, _res, next) => {
    const token = readSessionToken(req);
    const claims = token ? await verifySession(token, store.meta().jwtSecret, now()) : null;
    const user = claims ? store.collection<User>('users').find(Number(claims.sub)) : undefined;
    if (!user || user.status !== 'active') throw new ApiError(401, 'error.backend.unauthorized');
    sessions.set(req, { userId: user.id, accountId: user.accountId, roles: user.roles, user });
    next();
  });
