import { userRows } from '../data/users';
import type { Store } from '../store/store';
import { hasRole, type Caller } from './roles';

/**
 * DEPLOY-6: the provider's staff (ROLE_ADMIN) are not named to customers. The gallery's global
 * items show no author at all to them, and wherever staff acted in a customer's account (support
 * acting on it) the author is hidden too. The API answers null, which the admin shows as "the
 * provider"; staff still see the names.
 */

const isStaff = (caller: Caller): boolean => hasRole(caller, 'ROLE_ADMIN');

const staffByStore = new WeakMap<Store, { generation: number; emails: Set<string> }>();

/** The staff's emails, computed once per change of the database (a list answers many rows). */
const staffEmails = (store: Store): Set<string> => {
  const cached = staffByStore.get(store);
  if (cached?.generation === store.generation()) return cached.emails;
  const emails = new Set(
    userRows(store)
      .filter((user) => user.roles.includes('ROLE_ADMIN'))
      .map((user) => user.email.toLowerCase()),
  );
  staffByStore.set(store, { generation: store.generation(), emails });
  return emails;
};

/** The author (an email) as `caller` may see it: null for the provider. `global`: an item of the provider's own (gallery). */
export const shownAuthor = (store: Store, caller: Caller, author: string | null, { global = false } = {}): string | null => {
  if (author === null || isStaff(caller)) return author;
  return global || staffEmails(store).has(author.toLowerCase()) ? null : author;
};
