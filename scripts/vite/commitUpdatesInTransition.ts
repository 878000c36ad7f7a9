import type { Plugin } from 'vite';

/**
 * Two libraries set state while React commits: MUI's Tooltip passes its state setter as the
 * child's ref (`setChildNode`), and react-hook-form's `useForm` marks the form ready in a layout
 * effect. React renders an update made during a commit in its sync lane, and before that render it
 * runs every passive effect of the commit that is still going on: the commit, that render and all
 * the new screen's effects then make one task. On the list, where each domain chip has a tooltip
 * and the search is a form, that was the longest task after the rows arrived (60–160 ms at 4× CPU,
 * docs/performance.md). Here both updates are transitions: the effects run in a task of their own,
 * and the tooltip's anchor and the form's `isReady` follow a moment later (neither is read before
 * the user points at the child or submits).
 */
interface Rewrite {
  /** The installed file, by the end of its path. */
  file: RegExp;
  from: string;
  to: string;
}

const REWRITES: Rewrite[] = [
  {
    file: /[\\/]@mui[\\/]material[\\/]Tooltip[\\/]Tooltip\.mjs$/,
    from: 'const handleRef = useForkRef(getReactElementRef(children), setChildNode, ref);',
    to:
      'const setChildNodeInTransition = React.useCallback(node => React.startTransition(() => setChildNode(node)), []);\n' +
      '  const handleRef = useForkRef(getReactElementRef(children), setChildNodeInTransition, ref);',
  },
  {
    file: /[\\/]react-hook-form[\\/]dist[\\/]index\.esm\.mjs$/,
    from: `        updateFormState((data) => ({
            ...data,
            isReady: true,
        }));
        control._formState.isReady = true;
        control._subjects.state.next({ isReady: true });`,
    to: `        React.startTransition(() => {
            updateFormState((data) => ({
                ...data,
                isReady: true,
            }));
            control._formState.isReady = true;
            control._subjects.state.next({ isReady: true });
        });`,
  },
];

export const commitUpdatesInTransitionPlugin = (): Plugin => ({
  name: 'commit-updates-in-transition',
  enforce: 'pre',
  transform(code, id) {
    const rewrite = REWRITES.find(({ file }) => file.test(id));
    if (rewrite === undefined) return null;
    const found = code.split(rewrite.from).length - 1;
    // A version that no longer has this code needs the rewrite looked at again, not skipped.
    if (found !== 1) throw new Error(`${id}: expected the code to rewrite once, found it ${found} times`);
    return { code: code.replace(rewrite.from, rewrite.to), map: null };
  },
});
