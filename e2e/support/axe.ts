import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** The axe-core that @axe-core/playwright depends on and injects: the same engine and rules, whichever path runs it. */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = (fromAxeBuilder('axe-core') as { source: string }).source;

/** What AxeBuilder's `withTags` and `include` would set: the rules' tags and the part of the page checked. */
export interface AxeScope {
  tags?: string[];
  include?: string;
}

interface AxeWindow {
  axe?: { run: (context: Document | { include: string[][] }, options: { runOnly?: { type: 'tag'; values: string[] } }) => Promise<AxeResults> };
}

const withBuilder = (page: Page, { tags, include }: AxeScope): Promise<AxeResults> => {
  let builder = new AxeBuilder({ page });
  if (tags) builder = builder.withTags(tags);
  if (include) builder = builder.include(include);
  return builder.analyze();
};

/**
 * axe-core's default rules on the page (or the rules of `tags`, on `include`), as AxeBuilder runs
 * them. A page without frames gets axe injected once per document and run in place: AxeBuilder
 * injects it again on every call and finishes each run in a blank page of its own, which took
 * 7–29 s a screen against 1–6 s for axe alone on a loaded machine. A page with frames (the pop-up
 * previews, a TCF locator frame) keeps AxeBuilder, which runs axe inside each frame.
 */
export const runAxe = async (page: Page, scope: AxeScope = {}): Promise<AxeResults> => {
  if (page.frames().length > 1) return withBuilder(page, scope);
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(({ tags, include }) => {
    const { axe } = window as AxeWindow;
    if (!axe) throw new Error('axe-core is not in the page');
    return axe.run(include ? { include: [[include]] } : document, tags ? { runOnly: { type: 'tag', values: tags } } : {});
  }, scope);
};
