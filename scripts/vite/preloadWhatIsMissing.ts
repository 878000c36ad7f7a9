import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { staticClosure } from './bundleGraph.ts';

/** What Vite's `modulePreload.resolveDependencies` gets for one dynamic import (JS files only). */
interface PreloadContext {
  hostId: string;
  hostType: 'html' | 'js';
}

/**
 * The files a dynamic import in `hostId` still needs preloaded: those its chunk does not already
 * import statically. Those have been fetched and run by the time the host's code runs.
 */
export const missingDependencies = (bundle: OutputBundle, deps: string[], { hostId, hostType }: PreloadContext): string[] => {
  if (hostType !== 'js' || bundle[hostId]?.type !== 'chunk') return deps;
  const loaded = staticClosure(bundle, hostId);
  return deps.filter((dep) => !loaded.has(dep));
};

/**
 * Vite preloads every file a lazily imported route needs, including the React, MUI and
 * react-admin chunks the admin has already run: 40 to 60 `<link rel=modulepreload>` appended per
 * route, in the task that renders it. Under Lighthouse's trace each append costs 1–2 ms at 4× CPU.
 * This keeps the preloads that fetch something.
 */
export const preloadWhatIsMissingPlugin = (): Plugin => {
  let bundle: OutputBundle | undefined;
  return {
    name: 'preload-what-is-missing',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file: string, deps: string[], context: PreloadContext) =>
            bundle === undefined ? deps : missingDependencies(bundle, deps, context),
        },
      },
    }),
    // Vite rewrites the preload lists in its own generateBundle, after this one.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
};
