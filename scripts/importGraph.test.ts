import { describe, expect, it } from 'vitest';
import { cyclesOf, folderGraph, importGraph, type ImportGraph } from './importGraph';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

/** The layers under the features, lowest first. */
const BELOW_FEATURES = [
  'config',
  'shared',
  'theme',
  'schemas',
  'i18n',
  'integrations',
  'notifications',
  'session',
  'providers',
  'query',
  'hooks',
  'components',
];

/** The features, one folder each as users name them; none imports another (see FEATURE_EXCEPTIONS). */
const FEATURES = ['auth', 'onboarding', 'consent-solutions', 'teammates', 'subscription', 'compliance-dashboard', 'audit-log', 'home'];

/** The folders of src/ and what each may import: the layers, lowest first. */
const ALLOWED: Record<string, readonly string[]> = {
  config: [],
  shared: [],
  theme: [],
  schemas: ['shared'],
  i18n: ['config', 'shared', 'schemas'],
  integrations: ['config', 'shared'],
  notifications: ['config', 'shared', 'schemas', 'i18n'],
  session: ['config', 'shared', 'schemas', 'i18n', 'integrations', 'notifications'],
  providers: ['config', 'shared', 'schemas', 'i18n', 'integrations', 'notifications', 'session'],
  query: ['config', 'shared'],
  hooks: ['config', 'shared', 'schemas', 'i18n', 'integrations', 'notifications', 'session', 'providers', 'query'],
  // Vendor-free: a component never loads a vendor's script.
  components: ['config', 'shared', 'theme', 'schemas', 'i18n', 'notifications', 'session', 'providers', 'query', 'hooks'],
  ...Object.fromEntries(FEATURES.map((feature) => [feature, [...BELOW_FEATURES, ...FEATURES]])),
  layout: [...BELOW_FEATURES, ...FEATURES],
};

/** Outside the layers: the entry and the admin (src/*.tsx) compose everything; test harnesses serve tests only. */
const UNLAYERED = ['.', 'test'];

/** A feature's import of another feature (`'from -> to'`), each with the one-line reason it is not moved down: none today. */
const FEATURE_EXCEPTIONS: Record<string, string> = {};

describe('import graph', () => {
  it('finds a cycle of files and a cycle of folders, and none in a layered graph', () => {
    expect(cyclesOf(graphOf({ 'a/x.ts': ['a/y.ts'], 'a/y.ts': ['b/z.ts'], 'b/z.ts': ['a/x.ts'] }))).toEqual([['a/x.ts', 'a/y.ts', 'b/z.ts']]);
    const noFileCycle = graphOf({ 'a/x.ts': ['b/z.ts'], 'b/z.ts': ['a/y.ts'], 'a/y.ts': [] });
    expect(cyclesOf(noFileCycle)).toEqual([]);
    expect(cyclesOf(folderGraph(noFileCycle, 1))).toEqual([['a', 'b']]);
    expect(cyclesOf(folderGraph(graphOf({ 'a/x.ts': ['a/b/y.ts'], 'a/b/y.ts': ['a/z.ts'], 'a/z.ts': [] }), 2))).toEqual([]);
    expect(cyclesOf(graphOf({ 'a/x.ts': ['b/z.ts'], 'b/z.ts': [] }))).toEqual([]);
  });

  const src = importGraph('src');

  it('reads the app: the entry reaches the admin', () => {
    expect(src.get('main.tsx')?.length).toBeGreaterThan(0);
    expect(src.get('AdminApp.tsx')).toContain('providers/dataProvider.ts');
  });

  it('[ARCH-1] the app has no import cycle between files', () => {
    expect(cyclesOf(src)).toEqual([]);
  });

  it('[ARCH-1] the app has no import cycle between its folders', () => {
    expect(cyclesOf(folderGraph(src, 1))).toEqual([]);
  });

  it("[ARCH-1] no import cycle between subfolders (src/<folder>/<sub>, such as the consent solution's tabs)", () => {
    expect(cyclesOf(folderGraph(src, 2))).toEqual([]);
  });

  it('[ARCH-1] each folder imports only the layers below it (providers never import screens), and every folder has its layer', () => {
    const folders = folderGraph(src, 1);
    const unplaced = [...folders.keys()].filter((folder) => ALLOWED[folder] === undefined && !UNLAYERED.includes(folder));
    expect(unplaced).toEqual([]);
    const outOfLayer = [...folders].flatMap(([folder, targets]) => {
      const allowed = ALLOWED[folder];
      return allowed === undefined ? [] : targets.filter((target) => target !== '.' && !allowed.includes(target)).map((target) => `${folder} -> ${target}`);
    });
    expect(outOfLayer).toEqual([]);
  });

  it('[ARCH-1] a feature folder imports no other feature folder', () => {
    const crossings = [...folderGraph(src, 1)]
      .filter(([folder]) => FEATURES.includes(folder))
      .flatMap(([folder, targets]) => targets.filter((target) => FEATURES.includes(target)).map((target) => `${folder} -> ${target}`));
    expect(crossings.filter((crossing) => FEATURE_EXCEPTIONS[crossing] === undefined)).toEqual([]);
  });
});
