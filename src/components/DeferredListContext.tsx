import { useDeferredValue, type ReactNode } from 'react';
import { ListContextProvider, useListContext } from 'react-admin';

/**
 * Hands its children the list's state one render late, as a transition (issue 18): react-query
 * delivers a page of rows as a synchronous update, so a table of rich cells used to render in
 * one long task that blocked the main thread; the deferred render yields to the browser every
 * few milliseconds instead. The sync pass sees the previous state, unchanged, and skips them.
 */
export const DeferredListContext = ({ children }: { children: ReactNode }) => {
  const deferred = useDeferredValue(useListContext());
  return <ListContextProvider value={deferred}>{children}</ListContextProvider>;
};
