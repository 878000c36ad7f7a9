import { useEffect, useRef } from 'react';
import { HttpError } from 'react-admin';
import { pushToDataLayer } from '../integrations/dataLayer';
import { ALREADY_NOTIFIED } from '../providers/httpClient';
import { notify } from '../providers/notify';
import { useAccount } from './useAccount';

/** The API client toasts its own failures (ERR-4); only other failures still need a notice. */
const wasNotified = (error: unknown) => error instanceof HttpError && error.message === ALREADY_NOTIFIED;

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
    if (error && !wasNotified(error)) notify('auth.get_account_details_default_error', { type: 'error' });
  }, [error]);
};
