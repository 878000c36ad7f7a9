import type { Request, RequestHandler } from 'express';
import { can, deniedKey, type Operation, type Scope } from '../../src/shared/permissions';
import { getSession } from '../auth/session';
import { ApiError, notFound, violation } from '../http/errors';
import { homeAccountOf, type Caller } from '../auth/roles';

/** `own` when the request acts on the caller's home account, else `other`. */
export const scopeOf = (caller: Caller, accountId: number = caller.accountId): Scope => (accountId === homeAccountOf(caller) ? 'own' : 'other');

/** The 403 of a refused operation, with the matrix's messageKey (ROLE-3). */
export const notAllowed = (caller: Caller, operation: Operation, propertyPath = ''): ApiError =>
  new ApiError(403, [violation(deniedKey(caller.roles, operation), propertyPath)]);

/** Throws the 403 unless the caller may do `operation` on the account the request acts on. */
export const requirePermission = (caller: Caller, operation: Operation, accountId?: number): void => {
  if (!can(caller.roles, operation, scopeOf(caller, accountId))) throw notAllowed(caller, operation);
};

/** A guard that names its operation, so the matrix test can check every route carries one. */
export type PermissionGuard = RequestHandler & { operation: Operation };

/**
 * The shared permission guard (ROLE-1): put after requireSession on every private route.
 * `accountOf` names the target account when the route takes it from the URL (GET
 * /accounts/:id); by default it is the account the session acts on. It runs before the
 * object lookup and before the body is read, so a refused role never learns whether an id
 * exists and never gets a validation answer.
 */
export const permit = (operation: Operation, accountOf?: (req: Request) => number | undefined, options: { hidden?: boolean } = {}): PermissionGuard => {
  const guard: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    // A hidden route (an operations tool) answers a refused role like an unknown route.
    if (options.hidden && !can(caller.roles, operation, scopeOf(caller, accountOf?.(req)))) throw notFound();
    requirePermission(caller, operation, accountOf?.(req));
    next();
  };
  return Object.assign(guard, { operation });
};
