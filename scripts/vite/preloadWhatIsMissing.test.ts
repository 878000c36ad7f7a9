import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin, type Rollup } from 'vite';
import { preloadWhatIsMissingPlugin } from './preloadWhatIsMissing';

// A host that imports `shared` and lazily two routes that need `shared` and `routeOnly`: the shape
// of the admin (React, MUI) and its lazy routes. Each module is big enough to stay its own chunk.
const dir = mkdtempSync(join(tmpdir(), 'preload-'));
const filler = (name: string) => `export const ${name} = ${JSON.stringify(name.repeat(200))};\n`;
writeFileSync(join(dir, 'shared.js'), filler('shared'));
writeFileSync(join(dir, 'routeOnly.js'), filler('routeOnly'));
writeFileSync(
  join(dir, 'route.js'),
  `import { shared } from './shared.js';\nimport { routeOnly } from './routeOnly.js';\nexport const route = () => shared + routeOnly;\n`,
);
writeFileSync(
  join(dir, 'other.js'),
  `import { shared } from './shared.js';\nimport { routeOnly } from './routeOnly.js';\nexport const other = () => shared + routeOnly;\n`,
);
writeFileSync(join(dir, 'host.js'), `import { shared } from './shared.js';\nexport const host = () => [shared, import('./route.js'), import('./other.js')];\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The files each `__vite__mapDeps` list of the host chunk names, in order. */
const preloadLists = async (plugins: Plugin[]): Promise<string[][]> => {
  const built = (await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false },
      rollupOptions: { input: join(dir, 'host.js'), preserveEntrySignatures: 'strict' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const output = Array.isArray(built) ? built[0] : built;
  const host = output?.output.find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry);
  if (host === undefined) throw new Error('no host chunk');
  const files = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(host.code)?.[1] ?? '[]') as string[];
  return [...host.code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].map((match) => (match[1] ?? '').split(',').map((index) => files[Number(index)] ?? '?'));
};

describe('the preloads of a lazily imported chunk', () => {
  it('[PERF-1] leave out the chunks its importer has already loaded and keep the ones it still needs', async () => {
    const [withPlugin, without] = await Promise.all([preloadLists([preloadWhatIsMissingPlugin()]), preloadLists([])]);
    const name = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');
    // Vite alone preloads `shared` again for the route.
    expect(without.map((list) => list.map(name))).toContainEqual(expect.arrayContaining(['route', 'shared', 'routeOnly']));
    expect(withPlugin.map((list) => list.map(name))).toContainEqual(['route', 'routeOnly']);
    expect(withPlugin.flat().map(name)).not.toContain('shared');
  }, 60_000);
});
