import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LAZY_BUILD_FORMAT_NUMBER, lazyNumberFormatPlugin } from './lazyNumberFormat';

type BuildFormatNumber = (locale: string) => (value: number) => string;

const muiMaterial = join(import.meta.dirname, '../../node_modules/@mui/material');
const originalNumberFormat = Intl.NumberFormat;
const built: string[] = [];

// Counts the formatters built while a test runs.
const countFormatters = () => {
  Intl.NumberFormat = new Proxy(originalNumberFormat, {
    construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built.push(String(args[0]));
      return new target(...args);
    },
  });
};

afterEach(() => {
  Intl.NumberFormat = originalNumberFormat;
  built.length = 0;
});

const resolve = (source: string, importer: string): unknown => {
  const hook = lazyNumberFormatPlugin().resolveId;
  if (typeof hook !== 'function') throw new Error('the plugin resolves ids');
  return (hook as (source: string, importer: string | undefined) => unknown)(source, importer);
};

describe('MUI number formatter made on first use (PERF-1)', () => {
  it("[PERF-1] resolves the installed TablePagination's formatter helper to the lazy one, and nothing else", () => {
    const pagination = join(muiMaterial, 'TablePagination/TablePagination.mjs');
    expect(resolve('../locale/utils/buildFormatNumber.mjs', pagination)).toEqual(expect.stringContaining('lazy-build-format-number'));
    expect(resolve('./buildFormatNumber.mjs', join(muiMaterial, 'locale/frFR.mjs'))).toEqual(expect.stringContaining('lazy-build-format-number'));
    expect(resolve('../utils/formatNumber.mjs', pagination)).toBeNull();
    expect(resolve('./locale/utils/buildFormatNumber.mjs', join(import.meta.dirname, 'app.ts'))).toBeNull();
  });

  it("[PERF-1] builds no formatter until a number is formatted, then formats exactly as MUI's own helper", async () => {
    const lazy = (await import(`data:text/javascript,${encodeURIComponent(LAZY_BUILD_FORMAT_NUMBER)}`)) as { default: BuildFormatNumber };
    const mui = (await import(pathToFileURL(join(muiMaterial, 'locale/utils/buildFormatNumber.mjs')).href)) as { default: BuildFormatNumber };
    const values = [Number.NaN, 0, 7, 1234, 10_000, 1_234_567.5, -42, Number.POSITIVE_INFINITY];
    countFormatters();
    const formatEnglish = lazy.default('en-US');
    const formatFrench = lazy.default('fr-FR');
    expect(built).toEqual([]);
    // Not a number: nothing to format, still nothing built.
    expect(formatEnglish(Number.NaN)).toBe('NaN');
    expect(built).toEqual([]);
    const english = values.map(formatEnglish);
    const french = values.map(formatFrench);
    // One formatter per helper, however many numbers it formats.
    expect(built).toEqual(['en-US', 'fr-FR']);
    expect(english).toEqual(values.map(mui.default('en-US')));
    expect(french).toEqual(values.map(mui.default('fr-FR')));
    // A locale the browser cannot build a formatter for falls back to String, as MUI's does.
    expect(lazy.default('not a locale!')(1234)).toBe(mui.default('not a locale!')(1234));
  });
});
