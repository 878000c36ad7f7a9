// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildFixture, removeFixtures } from './buildFixture';
import { queryUpdatesInTransitionPlugin } from './queryUpdatesInTransition';

interface Fixture {
  mountRows: (container: HTMLElement) => { arrive: () => void };
}

// A query whose rows, once they arrive, render a component that is still loading (a lazy chunk):
// a transition keeps what is on screen until it is ready, a sync update shows the fallback. That
// tells which lane React rendered the query's change in.
const FIXTURE = `
import { createElement as h, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';

const StillLoading = lazy(() => new Promise(() => undefined));

export const mountRows = (container) => {
  let arrive;
  const rows = new Promise((resolve) => (arrive = () => resolve(['row'])));
  const Rows = () => {
    const { data } = useQuery({ queryKey: ['rows'], queryFn: () => rows });
    return data === undefined ? 'loading rows' : h(StillLoading);
  };
  createRoot(container).render(
    h(QueryClientProvider, { client: new QueryClient() }, h(Suspense, { fallback: 'fallback' }, h(Rows))),
  );
  return { arrive: () => arrive() };
};
`;

const modern = join(import.meta.dirname, '../../node_modules/@tanstack/react-query/build/modern');
const transform = (code: string, id: string): unknown => {
  const hook = queryUpdatesInTransitionPlugin().transform;
  if (typeof hook !== 'function') throw new Error('the plugin transforms modules');
  return (hook as (code: string, id: string) => unknown).call({}, code, id);
};

/** What the container shows once the rows have arrived and React is idle again. */
const shownAfterRowsArrive = async (fixture: Fixture): Promise<string | null> => {
  const container = document.body.appendChild(document.createElement('div'));
  const { arrive } = fixture.mountRows(container);
  await expect.poll(() => container.textContent).toBe('loading rows');
  arrive();
  // React Query notifies in a timer, React renders in its own tasks: let both run.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return container.textContent;
};

afterEach(() => document.body.replaceChildren());
afterAll(removeFixtures);

describe("React Query's updates rendered in a transition (PERF-1)", () => {
  it("[PERF-1] renders a query's new data as a transition: the screen stays as it was until the new one is ready", async () => {
    const fixture = await buildFixture<Fixture>(FIXTURE, [queryUpdatesInTransitionPlugin()]);
    expect(await shownAfterRowsArrive(fixture)).toBe('loading rows');
  });

  it("[PERF-1] (the control) without it React Query's useSyncExternalStore renders the change at once, fallback and all", async () => {
    const fixture = await buildFixture<Fixture>(FIXTURE, []);
    expect(await shownAfterRowsArrive(fixture)).toBe('fallback');
  });

  it("[PERF-1] rewrites the installed useQuery's and useQueries' store hook, and stops the build when it no longer finds it", () => {
    for (const file of ['useBaseQuery.js', 'useQueries.js']) {
      const id = join(modern, file);
      const result = transform(readFileSync(id, 'utf8'), id) as { code: string };
      expect(result.code).not.toContain('useSyncExternalStore');
      expect(result.code.match(/useStoreInTransition\(/g)).toHaveLength(1);
    }
    expect(() => transform('export const x = 1;', join(modern, 'useBaseQuery.js'))).toThrow(/expected one React\.useSyncExternalStore\( call, found 0/);
    expect(transform('React.useSyncExternalStore(a, b);', join(modern, 'useMutation.js'))).toBeNull();
  });
});
