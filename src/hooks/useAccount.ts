import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { getActingAccount, subscribeActingAccount } from '../session/actingAccount';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { getSession, subscribe } from '../session/sessionState';

/** The signed-in user's own account id, updated when the session changes (login, logout, expiry). */
const useHomeAccountId = (): number | undefined => useSyncExternalStore(subscribe, getSession)?.account_id ?? undefined;

/**
 * The account the screens show and act on: the one an admin or agency switched to (ROLE-1
 * operations), else the user's own.
 */
export const useAccountId = (): number | undefined => {
  const acting = useSyncExternalStore(subscribeActingAccount, getActingAccount);
  const home = useHomeAccountId();
  return acting?.id ?? home;
};

/**
 * ST-3: an account (`GET /accounts/{id}`, with the server's `now`): by default the one on screen (banners, prices,
 * defaults); `{ home: true }` for the user's own (tracking, the chat widget's company).
 * Fetched only once an id is known, never refetched on window focus; cached 5 minutes (ST-7).
 */
export const useAccount = ({ home = false, refetchInterval = false }: { home?: boolean; refetchInterval?: number | false } = {}) => {
  const shownId = useAccountId();
  const homeId = useHomeAccountId();
  const accountId = home ? homeId : shownId;
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: queryKeys.account.one(accountId),
    // `enabled` keeps this from running without an id; the guard only satisfies the types.
    queryFn: () => (accountId === undefined ? Promise.reject(new Error('No account id in the session')) : dataProvider.getAccount(accountId)),
    enabled: Boolean(accountId),
    refetchOnWindowFocus: false,
    // Only a screen that must follow the server's clock asks (the trial banner, ST-1).
    refetchInterval,
  });
  return { accountId, ...query };
};
