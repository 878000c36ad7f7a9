import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The dev API's layers (README "dev-server layout"): createServer → routes → reports, scanner,
 * banner, seed, tcf, consent… → data, rules, guards, auth → store, http. Arrows point one way:
 * no folder imports a folder that imports it back, nothing below routes imports a route or
 * createServer, and app code comes only from src/schemas and src/shared.
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
  [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map(([, spec]) => [relative(REPO, file), relative(REPO, resolve(dirname(file), spec ?? ''))] as const),
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

describe('dev-server layers', () => {
  it('[issue 14] has no folder cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of imports) {
      if (!to.startsWith('dev-server/') || folderOf(from) === folderOf(to)) continue;
      edges.set(folderOf(from), (edges.get(folderOf(from)) ?? new Set()).add(folderOf(to)));
    }
    expect(imports.length).toBeGreaterThan(100);
    expect(findCycle(edges)).toBeUndefined();
  });

  it('[issue 14] imports routes and createServer only from routes and the root', () => {
    const upward = imports.filter(
      ([from, to]) => (to.startsWith('dev-server/routes/') || to === 'dev-server/createServer') && !(from.startsWith('dev-server/routes/') || folderOf(from) === ''),
    );
    expect(upward).toEqual([]);
  });

  it('[issue 14] takes app code only from src/schemas and src/shared', () => {
    const app = imports.filter(([, to]) => to.startsWith('src/') && !to.startsWith('src/schemas/') && !to.startsWith('src/shared/'));
    expect(app).toEqual([]);
  });
});
