import { describe, expect, it } from 'vitest';
import { cyclesOf, folderGraph, importGraph, type ImportGraph } from './importGraph';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

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
  components: ['config', 'shared', 'theme', 'schemas', 'i18n', 'notifications', 'session', 'providers', 'query', 'hooks'],
  resources: ['config', 'shared', 'theme', 'schemas', 'i18n', 'integrations', 'notifications', 'session', 'providers', 'query', 'hooks', 'components'],
  // Screens that are not a collection compose the resources' pieces (the pop-up editor shell, the consent solution's page).
  'custom-pages': ['config', 'shared', 'theme', 'schemas', 'i18n', 'integrations', 'notifications', 'session', 'providers', 'query', 'hooks', 'components', 'resources'],
  layout: ['config', 'shared', 'theme', 'schemas', 'i18n', 'integrations', 'notifications', 'session', 'providers', 'query', 'hooks', 'components', 'custom-pages', 'resources'],
};


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

  it('[issue 14] the app has no import cycle between files', () => {
    expect(cyclesOf(src)).toEqual([]);
  });

  it('[issue 14] the app has no import cycle between its folders', () => {
    expect(cyclesOf(folderGraph(src, 1))).toEqual([]);
  });

  it('[issue 14] no import cycle between feature folders (src/<folder>/<feature>)', () => {
    expect(cyclesOf(folderGraph(src, 2))).toEqual([]);
  });

  it('each folder imports only the layers below it (providers never import screens)', () => {
    const folders = folderGraph(src, 1);
    const outOfLayer = [...folders].flatMap(([folder, targets]) => {
      const allowed = ALLOWED[folder];
      return allowed === undefined ? [] : targets.filter((target) => target !== '.' && !allowed.includes(target)).map((target) => `${folder} -> ${target}`);
    });
    expect(outOfLayer).toEqual([]);
  });
});
