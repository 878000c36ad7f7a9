// @vitest-environment jsdom
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildFixture, removeFixtures } from './buildFixture';
import { emotionStylesInRenderPlugin } from './emotionStylesInRender';

interface Fixture {
  /** Renders a styled box, then a probe that looks for the box's rule while it renders. */
  renderBoxThenProbe: (container: HTMLElement, color: string) => { duringRender: boolean; afterCommit: boolean };
}

// A styled element (Emotion through @emotion/styled, as MUI uses it) and, after it in the tree,
// a component that reads the document's style rules while React renders it.
const FIXTURE = `
import { createElement as h } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import styled from '@emotion/styled';

const Box = styled.div(({ color }) => ({ color }));
const hasRule = (color) =>
  [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes(color)));

export const renderBoxThenProbe = (container, color) => {
  let duringRender;
  const Probe = () => {
    duringRender = hasRule(color);
    return null;
  };
  flushSync(() => createRoot(container).render(h('div', null, h(Box, { color }), h(Probe))));
  return { duringRender, afterCommit: hasRule(color) };
};
`;

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});
afterAll(removeFixtures);

describe("Emotion's styles inserted while rendering (PERF-1)", () => {
  it("[PERF-1] inserts a styled element's rule during its render, where React can slice the work, not in the commit", async () => {
    const fixture = await buildFixture<Fixture>(FIXTURE, [emotionStylesInRenderPlugin()]);
    expect(fixture.renderBoxThenProbe(document.body.appendChild(document.createElement('div')), 'rgb(1, 2, 3)')).toEqual({
      duringRender: true,
      afterCommit: true,
    });
  });

  it("[PERF-1] (the control) without it Emotion inserts the rule from React's insertion effect, in the commit", async () => {
    const fixture = await buildFixture<Fixture>(FIXTURE, []);
    expect(fixture.renderBoxThenProbe(document.body.appendChild(document.createElement('div')), 'rgb(4, 5, 6)')).toEqual({
      duringRender: false,
      afterCommit: true,
    });
  });
});
