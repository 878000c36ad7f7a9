import type { Account, Role } from '../store/types';

/** What a guard needs to know about the caller (from the verified session, re-read from the DB). */
export interface Caller {
  userId: number;
  accountId: number;
  roles: Role[];
}

export const hasRole = (caller: Caller, role: Role): boolean => caller.roles.includes(role);

/**
 * ROLE-1/ROLE-3: ADMIN reads every account; AGENCY its own and its client accounts (whose
 * parentAccountId is the agency's account); everyone else only their own.
 */
export const canReadAccount = (caller: Caller, account: Account): boolean => {
  if (hasRole(caller, 'ROLE_ADMIN')) return true;
  if (account.id === caller.accountId) return true;
  return hasRole(caller, 'ROLE_AGENCY') && account.parentAccountId === caller.accountId;
};

/** ROLE-1: DEMO is read-only; every write answers permission denied. */
export const canWrite = (caller: Caller): boolean => !hasRole(caller, 'ROLE_DEMO');
