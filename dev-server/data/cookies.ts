import { ApiError } from '../http/errors';
import { ownedRow } from './ownedRow';
import type { Store } from '../store/store';
import type { CookieRow } from '../store/types';

/** Cookies (ENT-7): one flat collection, each row in one consent solution of one account. */

export const COOKIES = 'cookies';

export const cookieRows = (store: Store): CookieRow[] => store.rows<CookieRow>(COOKIES);

export const cookieNotFound = (): ApiError => new ApiError(404, 'error.backend.cookie_not_found');

export const ownCookie = (store: Store, caller: { accountId: number }, idParam: string | undefined): CookieRow =>
  ownedRow(cookieRows(store), caller, idParam, cookieNotFound);
