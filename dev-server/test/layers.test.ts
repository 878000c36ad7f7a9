import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The dev API's layers (README "Layout"), each importing only the ones after it: the root
 * (createServer, features.ts) → routes/ → collections/, rules/, reports/ → context/ → tcf/,
 * scanner/ → cdn/ → seed/ → consent-log/, guards/, audit/, auth/ → data/ → store/ → http/.
 * No folder imports a folder that imports it back; route modules and features.ts are imported
 * from the root only (so features do not import each other), and app code comes only from
 * src/schemas and src/shared.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(ROOT, '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/** Every relative import of every source file, as [importing file, imported path] from the repository root. */
const imports = sourceFiles(ROOT).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map(
    ([, spec]) => [relative(REPO, file), relative(REPO, resolve(dirname(file), spec ?? ''))] as const,
  ),
);

/** The folder of a dev-server file ('' for the root: createServer, index, config). */
const folderOf = (path: string): string => relative('dev-server', dirname(path));

const findCycle = (edges: Map<string, Set<string>>): string[] | undefined => {
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]): string[] | undefined => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) {
      const cycle = walk(next, [...path, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = walk(node, []);
    if (cycle) return cycle;
  }
  return undefined;
};

const isRoot = (path: string): boolean => folderOf(path) === '';
const inFolder = (path: string, folder: string): boolean => path.startsWith(`dev-server/${folder}/`);

describe('dev-server layers', () => {
  it('[ARCH-1] has no folder cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of imports) {
      if (!to.startsWith('dev-server/') || folderOf(from) === folderOf(to)) continue;
      edges.set(folderOf(from), (edges.get(folderOf(from)) ?? new Set()).add(folderOf(to)));
    }
    expect(imports.length).toBeGreaterThan(100);
    expect(findCycle(edges)).toBeUndefined();
  });

  it('[ARCH-1] imports route modules, features.ts and createServer only from the root', () => {
    const upward = imports.filter(
      ([from, to]) => (inFolder(to, 'routes') || to === 'dev-server/features' || to === 'dev-server/createServer') && !isRoot(from),
    );
    expect(upward).toEqual([]);
  });

  it('[ARCH-1] keeps routes/ to route modules, each exporting its feature only, all listed in features.ts', () => {
    const modules = readdirSync(join(ROOT, 'routes')).map((name) => `dev-server/routes/${name.replace(/\.ts$/, '')}`);
    for (const module of modules) {
      const exports = readFileSync(join(REPO, `${module}.ts`), 'utf8').match(/^export .*$/gm) ?? [];
      expect(
        exports.map((line) => /^export const \w+Feature: Feature = \{$/.test(line)),
        module,
      ).toEqual([true]);
    }
    const listed = imports.filter(([from, to]) => from === 'dev-server/features.ts' && inFolder(to, 'routes')).map(([, to]) => to);
    expect(listed.sort()).toEqual(modules.sort());
  });

  it('[ARCH-1] keeps the collection chain below routes: only route modules use collections/', () => {
    const users = imports.filter(([from, to]) => inFolder(to, 'collections') && !inFolder(from, 'collections') && !inFolder(from, 'routes'));
    expect(users).toEqual([]);
  });

  it('[ARCH-1] keeps cdn/, consent-log/ and rules/ free of routes, the collection chain and the root', () => {
    const found = imports.filter(
      ([from, to]) =>
        ['cdn', 'consent-log', 'rules'].some((folder) => inFolder(from, folder)) && (inFolder(to, 'routes') || inFolder(to, 'collections') || isRoot(to)),
    );
    expect(found).toEqual([]);
  });

  it('[ARCH-1] takes app code only from src/schemas and src/shared', () => {
    const app = imports.filter(([, to]) => to.startsWith('src/') && !to.startsWith('src/schemas/') && !to.startsWith('src/shared/'));
    expect(app).toEqual([]);
  });
});
