import type { Plugin } from 'vite';

const STORE_HOOK = '\0query-store-in-transition';

/**
 * React Query subscribes each `useQuery` to its observer with `useSyncExternalStore`, and React
 * renders a store's change in its sync lane: when the list's rows arrive, the whole list renders,
 * commits and runs its effects in one task (60–140 ms at 4× CPU, docs/performance.md). This hook
 * renders the change in a transition instead, which React slices into 5 ms turns. What it gives
 * up is `useSyncExternalStore`'s guarantee that two components never show two versions of one
 * query in the same commit (tearing); an observer's result only changes when the query cache
 * notifies, and every observer of a query is notified together, so a transition renders them
 * together too. As `useSyncExternalStore` does, it subscribes after the commit and checks the
 * snapshot once subscribed.
 */
export const STORE_IN_TRANSITION = `import { startTransition, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
const next = (n) => n + 1;
export function useStoreInTransition(subscribe, getSnapshot) {
  const snapshot = getSnapshot();
  const [, rerender] = useReducer(next, 0);
  const rendered = useRef({ getSnapshot, snapshot });
  useLayoutEffect(() => {
    rendered.current = { getSnapshot, snapshot };
  });
  useEffect(() => {
    const check = () => {
      const { getSnapshot: current, snapshot: shown } = rendered.current;
      if (!Object.is(current(), shown)) startTransition(rerender);
    };
    const unsubscribe = subscribe(check);
    check();
    return unsubscribe;
  }, [subscribe]);
  return snapshot;
}
`;

/** The hooks whose observers a page's data flows through; mutations keep their sync updates. */
const HOOKS = /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](useBaseQuery|useQueries)\.js$/;
const CALL = 'React.useSyncExternalStore(';

export const queryUpdatesInTransitionPlugin = (): Plugin => ({
  name: 'query-updates-in-transition',
  enforce: 'pre',
  resolveId(source) {
    return source === STORE_HOOK ? STORE_HOOK : null;
  },
  load(id) {
    return id === STORE_HOOK ? STORE_IN_TRANSITION : null;
  },
  transform(code, id) {
    if (!HOOKS.test(id)) return null;
    const calls = code.split(CALL).length - 1;
    // A React Query that no longer reads its observer this way needs this plugin looked at again.
    if (calls !== 1) throw new Error(`${id}: expected one ${CALL} call, found ${calls}`);
    return { code: `import { useStoreInTransition } from '${STORE_HOOK}';\n${code.replace(CALL, 'useStoreInTransition(')}`, map: null };
  },
});
