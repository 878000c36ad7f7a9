import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { getSession, subscribe } from '../providers/session';

export const accountQueryKey = (accountId: number | undefined) => ['account', accountId] as const;

/** The signed-in user's account id, updated when the session changes (login, logout, expiry). */
export const useAccountId = (): number | undefined => useSyncExternalStore(subscribe, getSession)?.account_id ?? undefined;

/**
 * ST-3: the signed-in user's account (`GET /accounts/{id}`). Fetched only once the session
 * names an account, never refetched on window focus; cached 5 minutes like every query (ST-7).
 */
export const useAccount = () => {
  const accountId = useAccountId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: accountQueryKey(accountId),
    // `enabled` keeps this from running without an id; the guard only satisfies the types.
    queryFn: () => (accountId === undefined ? Promise.reject(new Error('No account id in the session')) : dataProvider.getAccount(accountId)),
    enabled: Boolean(accountId),
    refetchOnWindowFocus: false,
  });
  return { accountId, ...query };
};
