import { ApiError } from '../http/errors';
import { parseId } from '../http/query';
import type { Store } from '../store/store';
import type { CookieRow } from '../store/types';

/** Cookies (ENT-7): one flat collection, each row in one consent solution of one account. */

export const COOKIES = 'cookies';

export const cookieRows = (store: Store): CookieRow[] => store.rows<CookieRow>(COOKIES);

export const cookieNotFound = (): ApiError => new ApiError(404, 'error.backend.cookie_not_found');

export const ownCookie = (store: Store, caller: { accountId: number }, idParam: string | undefined): CookieRow => {
  const id = parseId(idParam);
  const row = id === undefined ? undefined : cookieRows(store).find((cookie) => cookie.id === id);
  if (!row || row.accountId !== caller.accountId) throw cookieNotFound();
  return row;
};
