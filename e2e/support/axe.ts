import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** The axe-core that @axe-core/playwright depends on and injects: the same engine and rules, whichever path runs it. */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = (fromAxeBuilder('axe-core') as { source: string }).source;

interface AxeWindow {
  axe?: { run: (context: Document) => Promise<AxeResults> };
}

/**
 * axe-core's default rules on the page, as AxeBuilder runs them. A page without frames gets axe
 * injected once per document and run in place: AxeBuilder injects it again on every call and
 * finishes each run in a blank page of its own, which took 7–29 s a screen against 1–6 s for
 * axe alone on a loaded machine. A page with frames (the pop-up previews) keeps AxeBuilder, which
 * runs axe inside each frame.
 */
export const runAxe = async (page: Page): Promise<AxeResults> => {
  if (page.frames().length > 1) return new AxeBuilder({ page }).analyze();
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() => {
    const { axe } = window as AxeWindow;
    if (!axe) throw new Error('axe-core is not in the page');
    return axe.run(document);
  });
};
