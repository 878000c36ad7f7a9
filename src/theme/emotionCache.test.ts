// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createAppEmotionCache } from './emotionCache';

const tags = () => [...document.head.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css"]')];
const rulesPerTag = () => tags().map((tag) => tag.sheet?.cssRules.length ?? 0);

describe('the app’s Emotion cache', () => {
  afterEach(() => {
    for (const tag of tags()) tag.remove();
  });

  it('[PERF-1] the rules added in one task share a style tag, and each later task starts its own', async () => {
    const { sheet } = createAppEmotionCache({ speedy: true });
    sheet.insert('.a{color:red}');
    sheet.insert('.b{color:blue}');
    expect(rulesPerTag()).toEqual([2]);

    await Promise.resolve();
    sheet.insert('.c{color:green}');
    sheet.insert('.d{color:black}');
    sheet.insert('.e{color:white}');
    expect(rulesPerTag()).toEqual([2, 3]);
    // In insertion order, so a later rule still wins over an earlier one of equal specificity.
    expect(tags().map((tag) => tag.sheet?.cssRules[0]?.cssText)).toEqual(['.a { color: red; }', '.c { color: green; }']);
  });

  it('[PERF-1] development sheets keep one tag per rule, as Emotion does', async () => {
    const { sheet } = createAppEmotionCache({ speedy: false });
    sheet.insert('.a{color:red}');
    sheet.insert('.b{color:blue}');
    await Promise.resolve();
    sheet.insert('.c{color:green}');
    expect(tags()).toHaveLength(3);
  });
});
