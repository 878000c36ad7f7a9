import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { build, type Plugin } from 'vite';
import { preloadInTurnPlugin } from './preloadInTurn';

// A host that lazily imports `route`, which needs its own file and twelve more: each `dN` is also
// imported by a lazy `oN`, so that each stays a chunk (the shape of a lazy admin route).
const DEPS = 12;
const dir = mkdtempSync(join(tmpdir(), 'preload-in-turn-'));
const numbers = Array.from({ length: DEPS }, (_, i) => i + 1);
for (const n of numbers) {
  writeFileSync(join(dir, `d${n}.js`), `export const d${n} = ${JSON.stringify(`d${n}`.repeat(200))};\n`);
  writeFileSync(join(dir, `o${n}.js`), `import { d${n} } from './d${n}.js';\nexport const o${n} = () => d${n};\n`);
}
writeFileSync(
  join(dir, 'route.js'),
  `${numbers.map((n) => `import { d${n} } from './d${n}.js';`).join('\n')}\nexport const route = () => [${numbers.map((n) => `d${n}`).join(', ')}];\n`,
);
writeFileSync(
  join(dir, 'host.js'),
  `export const loadRoute = () => import('./route.js');\nexport const others = () => [${numbers.map((n) => `import('./o${n}.js')`).join(', ')}];\n`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Builds the fixture into its own folder and imports the host chunk from it. */
const buildHost = async (plugins: Plugin[], name: string): Promise<{ loadRoute: () => Promise<{ route: () => string[] }> }> => {
  const outDir = join(dir, name);
  await build({
    configFile: false,
    root: dir,
    base: './',
    logLevel: 'silent',
    plugins,
    build: {
      outDir,
      minify: false,
      modulePreload: { polyfill: false },
      rollupOptions: { input: join(dir, 'host.js'), preserveEntrySignatures: 'strict', output: { entryFileNames: 'host.js' } },
    },
  });
  return import(pathToFileURL(join(outDir, 'host.js')).href) as Promise<{ loadRoute: () => Promise<{ route: () => string[] }> }>;
};

/**
 * The page's part of the DOM the helper uses; each append takes `appendMs` of the thread. `turns`
 * counts the tasks that appended: a task's microtasks run before the next task starts.
 */
const fakeDocument = (appendMs: number) => {
  const appended: string[] = [];
  const tasks = { turns: 0, inTurn: false };
  const link = () => ({
    relList: { supports: (rel: string) => rel === 'modulepreload' },
    setAttribute: () => undefined,
    addEventListener: () => undefined,
    href: '',
  });
  const document = {
    head: {
      appendChild: (element: { href: string }) => {
        const until = performance.now() + appendMs;
        while (performance.now() < until) {
          // the work Chromium does to start the request
        }
        appended.push(element.href);
        if (!tasks.inTurn) {
          tasks.turns += 1;
          tasks.inTurn = true;
          queueMicrotask(() => {
            tasks.inTurn = false;
          });
        }
      },
    },
    createElement: link,
    querySelector: () => null,
    getElementsByTagName: () => [],
  };
  return { document, appended, tasks };
};

const globals = globalThis as unknown as { document?: unknown; window?: unknown };
afterEach(() => {
  delete globals.document;
  delete globals.window;
});

describe('the preload links of a lazy import', () => {
  it('[PERF-1] are appended a few per task, all before the import runs, where Vite appends them all at once', async () => {
    const [inTurn, atOnce] = [await buildHost([preloadInTurnPlugin()], 'in-turn'), await buildHost([], 'at-once')];

    const vite = fakeDocument(0);
    globals.document = vite.document;
    globals.window = { dispatchEvent: () => true };
    const viteRoute = atOnce.loadRoute();
    // Vite's own helper: every link in the task that asked for the route.
    expect(vite.appended).toHaveLength(DEPS + 1);
    expect(vite.tasks.turns).toBe(1);
    expect((await viteRoute).route()).toHaveLength(DEPS);

    const ours = fakeDocument(2);
    globals.document = ours.document;
    const route = inTurn.loadRoute();
    expect(ours.appended).toHaveLength(0);
    const loaded = await route;
    expect(ours.appended).toHaveLength(DEPS + 1);
    expect(new Set(ours.appended).size).toBe(DEPS + 1);
    expect(loaded.route().map((text) => text.slice(0, 3))).toEqual(numbers.map((n) => `d${n}`.padEnd(3, 'd')));
    // At 2 ms an append, a turn of 5 ms holds at most three: thirteen links take five turns or more.
    expect(ours.tasks.turns).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
