#!/usr/bin/env node
/**
 * docs/performance.md budget: the JS needed to show `/login/` (the entry chunk and everything it
 * imports statically) must stay ≤ 130 kB gzip. Dynamic imports (the admin, the auth schemas)
 * are left out: they are not needed for the first paint of the login form.
 *
 * Also: what a consent solution's detail adds to the admin before any tab (its chunk and static
 * imports, less the admin's) stays ≤ 40 kB gzip. The forms' tabs (zod, the Public Suffix List,
 * MUI's Autocomplete: about 220 kB) load when opened, not on the installation or pop-up tab.
 *
 * Usage: node scripts/bundle-size.mjs [distDir] [--budget=130]
 * Needs a build with `build.manifest: true` (dist/.vite/manifest.json).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const distDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist');
const budgetArg = args.find((arg) => arg.startsWith('--budget='));
const budgetKb = budgetArg ? Number(budgetArg.split('=')[1]) : 130;
/** The entry and its static imports: 10 JS files today; 19 when the admin stopped using AdminContext (docs/performance.md). */
const ENTRY_FILES_BUDGET = 12;
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}. Build with \`build.manifest: true\` (or \`npx vite build --manifest\`) first.`);
  process.exit(2);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('The manifest names no entry chunk.');
  process.exit(2);
}

/** The entry and its static imports, transitively, each once. */
const staticClosure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
};

const gzipBytes = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1000).toFixed(1);

let failed = false;
for (const [entryKey] of entries) {
  const chunks = [...staticClosure(entryKey)].map((key) => manifest[key]);
  const jsFiles = chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
  const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const rows = [...jsFiles, ...cssFiles].map((file) => ({ file, gzip: gzipBytes(file) }));
  const jsTotal = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.gzip, 0);
  const cssTotal = rows.filter((row) => row.file.endsWith('.css')).reduce((sum, row) => sum + row.gzip, 0);

  console.log(`Entry ${entryKey}: what the first page (e.g. /login/) loads before it renders`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(row.gzip).padStart(7)} kB  ${row.file}`);
  console.log(`  JS  ${kb(jsTotal)} kB gzip (budget ${budgetKb} kB)`);
  console.log(`  CSS ${kb(cssTotal)} kB gzip`);
  if (jsTotal > budgetKb * 1000) {
    console.error(`  Over budget by ${kb(jsTotal - budgetKb * 1000)} kB: keep react-admin, react-router and the admin out of the entry.`);
    failed = true;
  }
  // Each file costs the main thread a request to start and one to receive (docs/performance.md);
  // rolldown splits the entry into more of them when a module it holds is also wanted elsewhere.
  console.log(`  ${jsFiles.length} JS files (budget ${ENTRY_FILES_BUDGET})`);
  if (jsFiles.length > ENTRY_FILES_BUDGET) {
    console.error(`  ${jsFiles.length - ENTRY_FILES_BUDGET} files over budget: a change moved modules out of the entry chunk into chunks of their own.`);
    failed = true;
  }
}
const DETAIL = 'src/consent-solutions/ConsentSolutionPage.tsx';
const ADMIN = 'src/AdminApp.tsx';
const DETAIL_BUDGET_KB = 40;
if (manifest[DETAIL] === undefined || manifest[ADMIN] === undefined) {
  console.error(`The manifest names no ${DETAIL} or ${ADMIN} chunk.`);
  failed = true;
} else {
  const loaded = new Set(entries.flatMap(([entryKey]) => [...staticClosure(entryKey)]));
  staticClosure(ADMIN, loaded);
  const added = [...staticClosure(DETAIL)]
    .filter((key) => !loaded.has(key))
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'));
  const detailJs = added.reduce((sum, file) => sum + gzipBytes(file), 0);
  console.log(`The consent solution's detail, beyond the admin: JS ${kb(detailJs)} kB gzip in ${added.length} files (budget ${DETAIL_BUDGET_KB} kB)`);
  if (detailJs > DETAIL_BUDGET_KB * 1000) {
    console.error(`  Over budget by ${kb(detailJs - DETAIL_BUDGET_KB * 1000)} kB: the forms' tabs must stay lazy (src/consent-solutions/formTabs.ts).`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
