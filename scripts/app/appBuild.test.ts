import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputsPlugin } from '../vite/buildInputs';
import { appBuildFingerprint, appBuildInputs, isAppBuildInput } from './appBuild';

describe("npm start's rebuild check", () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'app-build-'));
    write('index.html', '<div id="root"></div>');
    write('vite.config.ts', 'export default {};');
    write('package-lock.json', '{}');
    write('src/main.tsx', 'export const a = 1;');
    write('src/main.test.tsx', 'it("x", () => {});');
    write('src/test/setup.ts', 'export {};');
    write('docs/notes.md', '# notes');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('[PERF-1] rebuilds when a source, the configuration, a dependency or a baked-in VITE_* value changes, not for tests, docs or other variables', () => {
    const env = { VITE_API_URL: 'http://127.0.0.1:3001', HOME: '/home/a' };
    const first = appBuildFingerprint(env, root);
    expect(appBuildFingerprint({ ...env }, root)).toBe(first);

    write('src/main.test.tsx', 'it("y", () => {});');
    write('src/test/setup.ts', 'export const changed = 1;');
    write('docs/notes.md', '# other notes');
    expect(appBuildFingerprint({ ...env, HOME: '/home/b' }, root)).toBe(first);

    expect(appBuildFingerprint({ ...env, VITE_API_URL: 'http://127.0.0.1:3002' }, root)).not.toBe(first);
    expect(appBuildFingerprint({ ...env, VITE_ANALYTICS_ID: 'x' }, root)).not.toBe(first);
    for (const [file, text] of [
      ['src/main.tsx', 'export const a = 2;'],
      ['src/new/Page.tsx', 'export const b = 1;'],
      ['vite.config.ts', 'export default { base: "/" };'],
      ['package-lock.json', '{"lockfileVersion":3}'],
      ['public/robots.txt', 'User-agent: *'],
    ] as const) {
      const before = appBuildFingerprint(env, root);
      write(file, text);
      expect(appBuildFingerprint(env, root), file).not.toBe(before);
    }
    expect(appBuildInputs(root).map((file) => file.slice(root.length + 1))).toEqual([
      'index.html',
      'package-lock.json',
      'public/robots.txt',
      'src/main.tsx',
      'src/new/Page.tsx',
      'vite.config.ts',
    ]);
  });

  it('[PERF-1] knows which files are inputs, and the build fails on a module read from anywhere else', async () => {
    expect(isAppBuildInput(join(root, 'src/consent-solutions/ConsentSolutionList.tsx'), root)).toBe(true);
    expect(isAppBuildInput(join(root, 'banner/publish/escapeHtml.ts'), root)).toBe(true);
    expect(isAppBuildInput(join(root, 'src/consent-solutions/ConsentSolutionList.test.tsx'), root)).toBe(false);
    expect(isAppBuildInput(join(root, 'dev-server/config.ts'), root)).toBe(false);

    const outside = join(root, 'docs', 'outside.ts');
    writeFileSync(outside, 'export const outside = 1;');
    await expect(
      build({ configFile: false, logLevel: 'silent', plugins: [buildInputsPlugin()], build: { write: false, lib: { entry: outside, formats: ['es'] } } }),
    ).rejects.toThrow(/build-inputs: add these to the inputs of scripts\/app\/appBuild\.ts.*outside\.ts/);
  });
});
