import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useAccount } from './useAccount';
import type { Account } from '../providers/dataProvider';
import { getSession, subscribe } from '../session/sessionState';
import { chatWidget, type ChatWidgetUser } from '../integrations/chatWidget';
import { pushToDataLayer } from '../integrations/dataLayer';

/** API-7 company attributes: the plan is the subscription's type, else the payment method. */
const companyAttributes = (account: Account): ChatWidgetUser['company'] => {
  const type = account.subscription?.subscriptionType;
  const plan = typeof type === 'string' ? type : account.paymentMethod;
  return { company_id: String(account.id), name: account.name, ...(plan ? { plan } : {}) };
};

/**
 * Mounted once by the admin layout: boots the chat widget as the signed-in user, updates it
 * with the company when the account loads (ST-3), and pushes a page view per route (API-7).
 */
export const useIntegrations = (): void => {
  const session = useSyncExternalStore(subscribe, getSession);
  const { data: account } = useAccount({ home: true });
  const { pathname } = useLocation();

  const email = session?.email;
  const userId = session?.sub;
  useEffect(() => {
    if (email !== undefined && userId !== undefined) chatWidget().boot({ email, user_id: userId });
  }, [email, userId]);

  const company = account === undefined ? undefined : companyAttributes(account);
  const companyId = company?.company_id;
  const companyName = company?.name;
  const plan = company?.plan;
  useEffect(() => {
    if (companyId !== undefined) chatWidget().update({ company: { company_id: companyId, name: companyName, plan } });
  }, [companyId, companyName, plan]);

  useEffect(() => {
    pushToDataLayer({ event: 'pageView', path: pathname });
  }, [pathname]);
};
