import type { Plugin } from 'vite';

/**
 * State updates that libraries make where React will not slice the render they cause, rewritten
 * as transitions (React renders those in 5 ms turns, and they leave the task they were made in).
 *
 * - During a commit: MUI's Tooltip passes its state setter as the child's ref (`setChildNode`),
 *   and react-hook-form's `useForm` marks the form ready in a layout effect. React renders an
 *   update made during a commit in its sync lane, and before that render it runs every passive
 *   effect of the commit that is still going on: the commit, that render and all the new screen's
 *   effects then make one task. On the list, where each domain chip has a tooltip and the search is
 *   a form, that was the longest task after the rows arrived (60–160 ms at 4× CPU). The tooltip's
 *   anchor and the form's `isReady` follow a moment later; neither is read before the user points
 *   at the child or submits.
 * - From react-admin's start-up effects: it sets its routes and resources from `<Admin>`'s children
 *   and registers each resource, then unregisters and registers them again; in the default lane,
 *   which React renders without slicing (59–78 ms tasks at 4× CPU on the pop-up tab). The routes
 *   render from the same children on the first render already; the registered definitions (the
 *   menu's resources) follow a moment later.
 *
 * docs/performance.md has the figures. A version of a library that no longer has the rewritten
 * code stops the build: the rewrite must be looked at again, not skipped.
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
    file: /[\\/]ra-core[\\/]dist[\\/]core[\\/]useConfigureAdminRouterFromChildren\.js$/,
    from: `        if (!isLoading) {
            updateFromChildren();
        }`,
    to: `        if (!isLoading) {
            React.startTransition(() => {
                updateFromChildren();
            });
        }`,
  },
  {
    file: /[\\/]ra-core[\\/]dist[\\/]core[\\/]ResourceDefinitionContext\.js$/,
    from: 'const [definitions, setState] = useState(defaultDefinitions);',
    to:
      'const [definitions, setDefinitions] = useState(defaultDefinitions);\n' +
      '    const setState = useCallback(update => React.startTransition(() => setDefinitions(update)), []);',
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

export const libraryUpdatesInTransitionPlugin = (): Plugin => ({
  name: 'library-updates-in-transition',
  enforce: 'pre',
  transform(code, id) {
    const rewrite = REWRITES.find(({ file }) => file.test(id));
    if (rewrite === undefined) return null;
    const found = code.split(rewrite.from).length - 1;
    if (found !== 1) throw new Error(`${id}: expected the code to rewrite once, found it ${found} times`);
    return { code: code.replace(rewrite.from, rewrite.to), map: null };
  },
});
