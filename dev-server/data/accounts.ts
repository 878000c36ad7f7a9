import type { Store } from '../store/store';
import type { Account } from '../store/types';

/** Accounts (ENT-5): the customers, each with its subscription. */

export const ACCOUNTS = 'accounts';

export const accountRows = <T extends Pick<Account, 'id'> = Account>(store: Store): T[] => store.rows<T>(ACCOUNTS);

/** The live account row with that id. */
export const accountById = <T extends Pick<Account, 'id'> = Account>(store: Store, id: number): T | undefined =>
  accountRows<T>(store).find((account) => account.id === id);
