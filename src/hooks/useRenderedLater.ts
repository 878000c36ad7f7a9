import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first render, true one transition after its first commit (docs/performance.md).
 * What it guards renders and commits in a task of its own, after the rest of the screen is
 * shown, instead of lengthening the screen's one long task. `useDeferredValue` cannot do this
 * inside a subtree that is itself rendering deferred work: there it answers at once.
 */
export const useRenderedLater = (): boolean => {
  const [later, setLater] = useState(false);
  useEffect(() => {
    startTransition(() => setLater(true));
  }, []);
  return later;
};
