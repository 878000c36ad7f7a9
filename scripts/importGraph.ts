import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a source tree, read with the TypeScript compiler's own pre-processor (every
 * `import`, `export … from` and `import()`, type-only ones included: they are dependencies of
 * the code's layering too). Only relative specifiers are followed; packages are outside the tree.
 * Keys and targets are paths relative to the root, with `/`.
 */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const isTest = (name: string) => /\.test\.tsx?$/.test(name) || name.endsWith('.d.ts');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !isTest(name) ? [path] : [];
  });

const resolveSpecifier = (from: string, specifier: string): string | undefined => {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
};

/** The graph of the tree's modules, tests left out (a test may import anything it checks). */
export const importGraph = (root: string): ImportGraph => {
  const absoluteRoot = resolve(root);
  const key = (path: string) => relative(absoluteRoot, path).split(sep).join('/');
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(absoluteRoot)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== undefined && target.startsWith(absoluteRoot + sep));
    graph.set(key(file), [...new Set(targets.map(key))]);
  }
  return graph;
};

const isWithin = (folder: string, other: string) => folder === other || other.startsWith(`${folder}/`) || folder.startsWith(`${other}/`);

/**
 * The graph with each module replaced by its folder `depth` levels down (`consent-solutions/popup` at
 * depth 2). Edges between a folder and its own subfolder are left out: `providers/dataProvider.ts`
 * composes `providers/methods/*`, which use `providers/httpClient.ts`, one feature by design.
 */
export const folderGraph = (graph: ImportGraph, depth: number): ImportGraph => {
  const folderOf = (path: string) => {
    const parts = path.split('/').slice(0, -1);
    return parts.length === 0 ? '.' : parts.slice(0, depth).join('/');
  };
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const source = folderOf(from);
    const edges = folders.get(source) ?? new Set<string>();
    folders.set(source, edges);
    for (const target of targets) if (!isWithin(source, folderOf(target))) edges.add(folderOf(target));
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
};

/**
 * The cycles of a graph: each strongly connected component of more than one node (Tarjan),
 * sorted, so a failure names every module or folder caught in a loop.
 */
export const cyclesOf = (graph: ImportGraph): string[][] => {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
};
