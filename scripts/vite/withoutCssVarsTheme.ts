import type { Plugin } from 'vite';

const STUB = '\0mui-without-css-vars-theme';

/**
 * MUI's `createTheme` imports its CSS-variables theme builder (`createThemeWithVars`, with the
 * variables' preparer and parser: about 6 kB gzip) for `cssVariables: true`, which this app
 * never sets; every MUI component reaches `createTheme` through its default theme, so the
 * builder shipped on the login route (docs/performance.md). Here that one import resolves to a module
 * that throws, with the reason, if the path is ever taken.
 */
export const withoutCssVarsThemePlugin = (): Plugin => ({
  name: 'without-css-vars-theme',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './createThemeWithVars.mjs' && importer !== undefined && /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer))
      return STUB;
    return null;
  },
  load(id) {
    if (id !== STUB) return null;
    return "export default function createThemeWithVars() { throw new Error('MUI theme CSS variables are left out of this build (scripts/vite/withoutCssVarsTheme.ts).'); }";
  },
});
