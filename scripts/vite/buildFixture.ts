import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

// Under the project's node_modules, so that the fixture's bare imports resolve to the installed packages.
const FIXTURES = resolve(import.meta.dirname, '../../node_modules/.cache/vite-plugin-fixtures');

/**
 * Builds `source` as the app's build does (production, packages bundled from node_modules) with
 * only `plugins`, then imports the result: a plugin's test can run the very code it changes.
 */
const built: string[] = [];

export const buildFixture = async <T>(source: string, plugins: Plugin[]): Promise<T> => {
  mkdirSync(FIXTURES, { recursive: true });
  const dir = mkdtempSync(join(FIXTURES, 'build-'));
  built.push(dir);
  writeFileSync(join(dir, 'entry.js'), source);
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: join(dir, 'out'),
      minify: false,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: join(dir, 'entry.js'), preserveEntrySignatures: 'strict', output: { entryFileNames: 'entry.js' } },
    },
  });
  return import(pathToFileURL(join(dir, 'out', 'entry.js')).href) as Promise<T>;
};

/** Removes what this test file built (files running beside it keep theirs). */
export const removeFixtures = (): void => {
  for (const dir of built.splice(0)) rmSync(dir, { recursive: true, force: true });
};
