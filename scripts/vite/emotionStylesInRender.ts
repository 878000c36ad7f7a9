import type { Plugin } from 'vite';

const IN_RENDER = '\0emotion-styles-in-render';

/**
 * Emotion inserts a component's styles from an insertion effect, which React runs in the commit:
 * one task that no transition can split. On the list, stylis compiling and `insertRule` took
 * about 160 ms a load at 4× CPU, nearly all of it inside commits of 100–270 ms
 * (docs/performance.md). Emotion's fallback for a React without insertion effects inserts while
 * the component renders, where React slices a transition's work into 5 ms turns; the commit then
 * only attaches the elements. Inserting is idempotent (Emotion keeps what it inserted), so a
 * render React throws away leaves at most a rule nobody uses yet. `Global` (CssBaseline) keeps
 * its insertion effect: it removes its rules when it unmounts.
 */
export const EMOTION_STYLES_IN_RENDER = `import { useInsertionEffect, useLayoutEffect } from 'react';
export const useInsertionEffectAlwaysWithSyncFallback = (create) => create();
export const useInsertionEffectWithLayoutFallback = useInsertionEffect || useLayoutEffect;
`;

export const emotionStylesInRenderPlugin = (): Plugin => ({
  name: 'emotion-styles-in-render',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@emotion/use-insertion-effect-with-fallbacks' && importer !== undefined && /[\\/]@emotion[\\/]/.test(importer)) return IN_RENDER;
    return null;
  },
  load(id) {
    return id === IN_RENDER ? EMOTION_STYLES_IN_RENDER : null;
  },
});
