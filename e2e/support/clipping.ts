import type { Locator, Page } from 'playwright-core';

/** The phone and desktop sizes the clipping checks run at. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** Its text when an element cuts it: wider or taller than its box can show (ellipsis, hidden overflow). */
export const clippedText = (locator: Locator): Promise<string | null> =>
  locator.evaluate((element) => {
    const cut = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    return cut ? (element.textContent ?? '') : null;
  });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} has no box`);
  return box;
};

/** Whether two elements' boxes overlap (a shared edge is not an overlap). */
export const overlap = async (a: Locator, b: Locator): Promise<boolean> => {
  const [one, two] = await Promise.all([boxOf(a), boxOf(b)]);
  return one.x < two.x + two.width - 0.5 && two.x < one.x + one.width - 0.5 && one.y < two.y + two.height - 0.5 && two.y < one.y + one.height - 0.5;
};

/** Whether an element lies entirely inside the viewport's width (nothing to scroll sideways for). */
export const withinWidth = async (page: Page, locator: Locator): Promise<boolean> => {
  const box = await boxOf(locator);
  const width = page.viewportSize()?.width ?? 0;
  return box.x >= -0.5 && box.x + box.width <= width + 0.5;
};

/**
 * The texts inside `root` that break over more than one line: each text node's line boxes
 * (Range.getClientRects) must share one top.
 */
export const wrappedTexts = (root: Locator): Promise<string[]> =>
  root.evaluate((element) => {
    const wrapped: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (tops.size > 1) wrapped.push(text);
    }
    return wrapped;
  });
