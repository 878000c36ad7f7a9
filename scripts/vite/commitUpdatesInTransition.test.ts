// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildFixture, removeFixtures } from './buildFixture';
import { commitUpdatesInTransitionPlugin } from './commitUpdatesInTransition';

type Mounted = 'tooltip' | 'form';
interface Fixture {
  orderOfCommit: (mounted: Mounted, container: HTMLElement) => Promise<string[]>;
}

// A screen that mounts a tooltip or a form beside a probe. The probe notes its commit, the end of
// the task that commits (a microtask queued then), and its passive effect: an update made during
// the commit in the sync lane runs the passive effects before that task ends.
const FIXTURE = `
import { createElement as h, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import Tooltip from '@mui/material/Tooltip';
import { useForm } from 'react-hook-form';

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
`;

const transform = (code: string, id: string): unknown => {
  const hook = commitUpdatesInTransitionPlugin().transform;
  if (typeof hook !== 'function') throw new Error('the plugin transforms modules');
  return (hook as (code: string, id: string) => unknown).call({}, code, id);
};
const installed = {
  tooltip: join(import.meta.dirname, '../../node_modules/@mui/material/Tooltip/Tooltip.mjs'),
  form: join(import.meta.dirname, '../../node_modules/react-hook-form/dist/index.esm.mjs'),
};

const orderOfCommit = async (mounted: Mounted, withPlugin: boolean): Promise<string[]> => {
  const fixture = await buildFixture<Fixture>(FIXTURE, withPlugin ? [commitUpdatesInTransitionPlugin()] : []);
  return fixture.orderOfCommit(mounted, document.body.appendChild(document.createElement('div')));
};

afterEach(() => document.body.replaceChildren());
afterAll(removeFixtures);

describe("MUI's Tooltip and react-hook-form's useForm update in a transition when they mount (PERF-1)", () => {
  for (const mounted of ['tooltip', 'form'] as const) {
    it(`[PERF-1] a commit that mounts a ${mounted} ends its task before its passive effects run`, async () => {
      expect(await orderOfCommit(mounted, true)).toEqual(['commit', 'end of the commit task', 'passive effects']);
    });

    it(`[PERF-1] (the control) without it the ${mounted}'s sync update runs the passive effects inside the commit's task`, async () => {
      expect(await orderOfCommit(mounted, false)).toEqual(['commit', 'passive effects', 'end of the commit task']);
    });
  }

  it('[PERF-1] rewrites the installed Tooltip and useForm once each, and stops the build when it no longer finds their code', () => {
    const tooltip = transform(readFileSync(installed.tooltip, 'utf8'), installed.tooltip) as { code: string };
    expect(tooltip.code).toContain('useForkRef(getReactElementRef(children), setChildNodeInTransition, ref)');
    const form = transform(readFileSync(installed.form, 'utf8'), installed.form) as { code: string };
    expect(form.code.match(/React\.startTransition\(\(\) => \{\n\s+updateFormState\(\(data\) => \(\{/g)).toHaveLength(1);
    expect(() => transform('export const x = 1;', installed.tooltip)).toThrow(/expected the code to rewrite once, found it 0 times/);
    expect(transform('setChildNode(node);', join(installed.tooltip, '../../Popper/Popper.mjs'))).toBeNull();
  });
});
