import { useDeferredValue, type ReactNode } from 'react';
import { ListContextProvider, ShowContextProvider, useListContext, useShowContext } from 'react-admin';

/*
 * react-query delivers a query's answer as a synchronous update, so the screen that
 * the answer fills (a page of rich rows, a detail and its tab) used to render in one long task
 * that blocked the main thread. These providers hand their children the state one render late,
 * as a transition, which yields to the browser every few milliseconds: the synchronous pass
 * sees the previous state, unchanged, and skips the children.
 */

/** A list's state (rows, total, loading), deferred. */
export const DeferredListContext = ({ children }: { children: ReactNode }) => {
  const deferred = useDeferredValue(useListContext());
  return <ListContextProvider value={deferred}>{children}</ListContextProvider>;
};

/** A detail's state and record, deferred. */
export const DeferredShowContext = ({ children }: { children: ReactNode }) => {
  const deferred = useDeferredValue(useShowContext());
  return <ShowContextProvider value={deferred}>{children}</ShowContextProvider>;
};
