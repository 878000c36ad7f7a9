import { useEffect } from 'react';
import { useAccount } from '../hooks/useAccount';
import { chatWidget } from '../integrations/chatWidget';

/**
 * ST-4: a free-plan account gets no default support launcher. Runs whenever the account
 * (re)loads, so a plan change shows or hides the launcher without a page reload.
 */
export const useSupportLauncher = (): void => {
  const { data: account } = useAccount({ home: true });
  const paymentMethod = account?.paymentMethod;
  const loaded = account !== undefined;
  useEffect(() => {
    if (loaded) chatWidget().hideLauncher(paymentMethod === 'free');
  }, [loaded, paymentMethod]);
};
