// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildFixture, removeFixtures } from './buildFixture';
import { libraryUpdatesInTransitionPlugin } from './libraryUpdatesInTransition';

type Mounted = 'tooltip' | 'form';
interface Fixture {
  orderOfCommit: (mounted: Mounted, container: HTMLElement) => Promise<string[]>;
  registerResource: (container: HTMLElement) => void;
}

// A screen that mounts a tooltip or a form beside a probe. The probe notes its commit, the end of
// the task that commits (a microtask queued then), and its passive effect: an update made during
// the commit in the sync lane runs the passive effects before that task ends.
const FIXTURE = `
import { createElement as h, lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import Tooltip from '@mui/material/Tooltip';
import { useForm } from 'react-hook-form';
import { ResourceDefinitionContextProvider, useResourceDefinitionContext } from 'ra-core';

const Form = () => {
  const { register } = useForm();
  return h('form', null, h('input', register('q')));
};
const SCREENS = {
  tooltip: () => h(Tooltip, { title: 'What this status means' }, h('button', null, 'Active')),
  form: () => h(Form),
};

export const orderOfCommit = (mounted, container) =>
  new Promise((resolve) => {
    const seen = [];
    const Probe = () => {
      useLayoutEffect(() => {
        seen.push('commit');
        queueMicrotask(() => seen.push('end of the commit task'));
      }, []);
      useEffect(() => {
        seen.push('passive effects');
        setTimeout(() => resolve(seen), 50);
      }, []);
      return null;
    };
    createRoot(container).render(h('div', null, h(SCREENS[mounted]), h(Probe)));
  });

// A resource registered by an effect, whose screen is still loading (a lazy chunk) once it is:
// a transition keeps what is on screen until that is ready, the default lane shows the fallback.
const StillLoading = lazy(() => new Promise(() => undefined));
const Registering = () => {
  const { definitions, register } = useResourceDefinitionContext();
  useEffect(() => register({ name: 'cookies' }), [register]);
  return definitions.cookies ? h(StillLoading) : 'no resource yet';
};
export const registerResource = (container) =>
  createRoot(container).render(h(ResourceDefinitionContextProvider, null, h(Suspense, { fallback: 'fallback' }, h(Registering))));
`;

const transform = (code: string, id: string): unknown => {
  const hook = libraryUpdatesInTransitionPlugin().transform;
  if (typeof hook !== 'function') throw new Error('the plugin transforms modules');
  return (hook as (code: string, id: string) => unknown).call({}, code, id);
};
const installed = {
  tooltip: join(import.meta.dirname, '../../node_modules/@mui/material/Tooltip/Tooltip.mjs'),
  form: join(import.meta.dirname, '../../node_modules/react-hook-form/dist/index.esm.mjs'),
  routes: join(import.meta.dirname, '../../node_modules/ra-core/dist/core/useConfigureAdminRouterFromChildren.js'),
  resources: join(import.meta.dirname, '../../node_modules/ra-core/dist/core/ResourceDefinitionContext.js'),
};

const built = (withPlugin: boolean) => buildFixture<Fixture>(FIXTURE, withPlugin ? [libraryUpdatesInTransitionPlugin()] : []);

const orderOfCommit = async (mounted: Mounted, withPlugin: boolean): Promise<string[]> =>
  (await built(withPlugin)).orderOfCommit(mounted, document.body.appendChild(document.createElement('div')));

/** What the screen shows once react-admin has registered the resource and React is idle again. */
const shownAfterRegistering = async (withPlugin: boolean): Promise<string | null> => {
  const fixture = await built(withPlugin);
  const container = document.body.appendChild(document.createElement('div'));
  fixture.registerResource(container);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return container.textContent;
};

afterEach(() => document.body.replaceChildren());
afterAll(removeFixtures);

describe("MUI's Tooltip, react-hook-form's useForm and react-admin's start-up update in a transition (PERF-1)", () => {
  for (const mounted of ['tooltip', 'form'] as const) {
    it(`[PERF-1] a commit that mounts a ${mounted} ends its task before its passive effects run`, async () => {
      expect(await orderOfCommit(mounted, true)).toEqual(['commit', 'end of the commit task', 'passive effects']);
    });

    it(`[PERF-1] (the control) without it the ${mounted}'s sync update runs the passive effects inside the commit's task`, async () => {
      expect(await orderOfCommit(mounted, false)).toEqual(['commit', 'passive effects', 'end of the commit task']);
    });
  }

  it("[PERF-1] react-admin registers a resource in a transition: the screen stays as it was until the resource's is ready", async () => {
    expect(await shownAfterRegistering(true)).toBe('no resource yet');
  });

  it('[PERF-1] (the control) without it the registration renders at once, fallback and all', async () => {
    expect(await shownAfterRegistering(false)).toBe('fallback');
  });

  it('[PERF-1] rewrites the installed Tooltip, useForm and react-admin start-up once each, and stops the build when it no longer finds their code', () => {
    const rewritten = (file: string) => (transform(readFileSync(file, 'utf8'), file) as { code: string }).code;
    expect(rewritten(installed.tooltip)).toContain('useForkRef(getReactElementRef(children), setChildNodeInTransition, ref)');
    expect(rewritten(installed.form).match(/React\.startTransition\(\(\) => \{\n\s+updateFormState\(\(data\) => \(\{/g)).toHaveLength(1);
    expect(rewritten(installed.routes).match(/React\.startTransition\(\(\) => \{\n\s+updateFromChildren\(\);/g)).toHaveLength(1);
    expect(rewritten(installed.resources)).toContain('React.startTransition(() => setDefinitions(update))');
    expect(() => transform('export const x = 1;', installed.tooltip)).toThrow(/expected the code to rewrite once, found it 0 times/);
    expect(transform('setChildNode(node);', join(installed.tooltip, '../../Popper/Popper.mjs'))).toBeNull();
  });
});
