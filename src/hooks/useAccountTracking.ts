import { useEffect, useRef } from 'react';
import { pushToDataLayer } from '../integrations/dataLayer';
import { isAlreadyNotified } from '../notifications/alreadyNotified';
import { notify } from '../notifications/notify';
import { useAccount } from './useAccount';

/**
 * ST-3 side effects of the account, mounted once by the layout (several components read the
 * account; only one may report): the `accountIdSet` event exactly once per account id, and an
 * error notice when the account cannot be loaded.
 */
export const useAccountTracking = () => {
  const { accountId, error } = useAccount({ home: true });
  const pushed = useRef(new Set<number>());

  useEffect(() => {
    if (accountId === undefined || pushed.current.has(accountId)) return;
    pushed.current.add(accountId);
    pushToDataLayer({ event: 'accountIdSet', accountId });
  }, [accountId]);

  useEffect(() => {
    if (error && !isAlreadyNotified(error)) notify('auth.get_account_details_default_error', { type: 'error' });
  }, [error]);
};
