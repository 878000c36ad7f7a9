/* Plain TypeScript (no react): the httpClient, the session module and the switcher share it. */

/**
 * ROLE-1 operations: the account an admin or agency acts on, remembered for the browser
 * session (sessionStorage) and sent as `X-Account-Id` by the httpClient. Absent = the own
 * account.
 */
const ACTING_ACCOUNT_KEY = 'operations.actingAccount';
export const ACCOUNT_HEADER = 'X-Account-Id';

interface ActingAccount {
  id: number;
  name: string;
}

const actingListeners = new Set<() => void>();
let actingCache: { raw: string | null; value: ActingAccount | null } = { raw: null, value: null };

/** The account being acted on, or null for the own account (a stable value for useSyncExternalStore). */
export const getActingAccount = (): ActingAccount | null => {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(ACTING_ACCOUNT_KEY);
  } catch {
    raw = null;
  }
  if (raw === actingCache.raw) return actingCache.value;
  let value: ActingAccount | null = null;
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    const candidate = parsed as Partial<ActingAccount> | null;
    if (candidate && typeof candidate.id === 'number' && typeof candidate.name === 'string') value = { id: candidate.id, name: candidate.name };
  } catch {
    value = null;
  }
  actingCache = { raw, value };
  return value;
};

export const setActingAccount = (account: ActingAccount | null): void => {
  try {
    if (account === null) window.sessionStorage.removeItem(ACTING_ACCOUNT_KEY);
    else window.sessionStorage.setItem(ACTING_ACCOUNT_KEY, JSON.stringify(account));
  } catch {
    // Storage may be unavailable (private mode): the switch then lasts until the page reloads.
  }
  for (const listener of actingListeners) listener();
};

export const subscribeActingAccount = (listener: () => void): (() => void) => {
  actingListeners.add(listener);
  return () => actingListeners.delete(listener);
};
