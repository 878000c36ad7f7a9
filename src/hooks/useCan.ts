import { useSyncExternalStore } from 'react';
import { getSession, subscribe } from '../session/sessionState';
import { can, type Operation } from '../shared/permissions';
import { getActingAccount, subscribeActingAccount } from '../session/actingAccount';

/**
 * ROLE-1: whether the signed-in user may do `operation` in the account being acted on, from
 * the shared matrix, synchronously (the UI hides what the role cannot do without a flicker).
 */
export const useCan = (operation: Operation): boolean => {
  const session = useSyncExternalStore(subscribe, getSession);
  const acting = useSyncExternalStore(subscribeActingAccount, getActingAccount);
  if (session === null) return false;
  return can(session.roles, operation, acting !== null && acting.id !== session.account_id ? 'other' : 'own');
};
