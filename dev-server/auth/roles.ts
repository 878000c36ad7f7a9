import type { Account, Role } from '../store/types';

/** What a guard needs to know about the caller (from the verified session, re-read from the DB). */
export interface Caller {
  userId: number;
  /** The account the request acts on: the home account, or the one named by `X-Account-Id`. */
  accountId: number;
  /** The user's own account (relations such as an agency's clients are counted from it). */
  homeAccountId?: number;
  roles: Role[];
}

export const hasRole = (caller: Caller, role: Role): boolean => caller.roles.includes(role);

export const homeAccountOf = (caller: Caller): number => caller.homeAccountId ?? caller.accountId;

/**
 * ROLE-1/ROLE-3: ADMIN reads every account; AGENCY its own and its client accounts (whose
 * parentAccountId is the agency's account); everyone else only their own. Counted from the
 * home account, so acting on a client account does not widen what an agency reaches.
 */
export const canReadAccount = (caller: Caller, account: Pick<Account, 'id' | 'parentAccountId'>): boolean => {
  if (hasRole(caller, 'ROLE_ADMIN')) return true;
  const home = homeAccountOf(caller);
  if (account.id === home) return true;
  return hasRole(caller, 'ROLE_AGENCY') && account.parentAccountId === home;
};
