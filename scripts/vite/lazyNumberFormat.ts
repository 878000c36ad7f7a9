import type { Plugin } from 'vite';

const LAZY = '\0mui-lazy-build-format-number';

/**
 * MUI's TablePagination builds its default label's number formatter when its module runs
 * (`buildFormatNumber('en-US')`), though react-admin's Pagination always passes a translated
 * label of its own. The first `Intl.NumberFormat` of a page loads the browser's number data:
 * 45–60 ms at 1x CPU in the Chromium the bench runs, in one of the list's long tasks (docs/performance.md).
 * The same helper, with the formatter made on its first use: nothing changes for a page that
 * formats, and a page that never does never pays.
 */
export const LAZY_BUILD_FORMAT_NUMBER = `export default function buildFormatNumber(locale) {
  let formatter;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = typeof Intl !== 'undefined' && Intl.NumberFormat ? new Intl.NumberFormat(locale) : null;
      } catch {
        formatter = null;
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
`;

export const lazyNumberFormatPlugin = (): Plugin => ({
  name: 'mui-lazy-number-format',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer !== undefined && /[\\/]@mui[\\/]material[\\/]/.test(importer) && /[\\/]buildFormatNumber\.mjs$/.test(source)) return LAZY;
    return null;
  },
  load(id) {
    return id === LAZY ? LAZY_BUILD_FORMAT_NUMBER : null;
  },
});
