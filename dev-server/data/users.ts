import { notFound, type ApiError } from '../http/errors';
import type { Store } from '../store/store';
import type { User } from '../store/types';
import { ownedRow } from './ownedRow';

/** Users (ENT-4): an account's teammates, and whom login and recovery look up by email. */

export const USERS = 'users';

export const userRows = (store: Store): User[] => store.rows<User>(USERS);

const teammateNotFound = (): ApiError => notFound();

export const ownTeammate = (store: Store, caller: { accountId: number }, idParam: string | undefined): User =>
  ownedRow(userRows(store), caller, idParam, teammateNotFound);

/** The teammate as the API answers it: no password hash, no phone. */
export const toTeammate = (user: User) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  roles: user.roles,
  status: user.status,
  createdAt: user.createdAt,
  lastSeenAt: user.lastSeenAt,
});
