import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { readSession } from '../providers/session';
import type { BannerSubscription } from '../layout/bannerModel';

/** The fields of `GET /accounts/{id}` (docs/api.md) that the shell reads. */
export interface Account {
  id: number;
  name?: string;
  paymentMethod?: string;
  subscription?: BannerSubscription & Record<string, unknown>;
}

type AccountDataProvider = DataProvider & { getAccount: (id: number) => Promise<Account> };

export const accountQueryKey = (accountId: number | undefined) => ['account', accountId] as const;

/**
 * ST-3: the signed-in user's account. Fetched only once the session names an account, and not
 * refetched on window focus; kept 5 minutes like every query (ST-7).
 */
export const useAccount = () => {
  const accountId = readSession()?.account_id ?? undefined;
  const dataProvider = useDataProvider<AccountDataProvider>();
  const query = useQuery({
    queryKey: accountQueryKey(accountId),
    queryFn: () => (accountId === undefined ? Promise.reject(new Error('No account id in the session')) : dataProvider.getAccount(accountId)),
    enabled: Boolean(accountId),
    refetchOnWindowFocus: false,
  });
  return { accountId, ...query };
};
