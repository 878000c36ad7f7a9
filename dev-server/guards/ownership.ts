import type { RequestHandler } from 'express';
import { getSession, type Session } from '../auth/session';

/**
 * ROLE-3: the `:id` must name a row of the caller's account; `find` throws the collection's 404
 * otherwise (another account's row answers like a missing one). Put before `permit` on item
 * routes, so a refused role never learns whether an id exists.
 */
export const owned =
  (find: (caller: Session, idParam: string | undefined) => unknown): RequestHandler =>
  (req, _res, next) => {
    find(getSession(req), req.params.id);
    next();
  };
