import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The app's Emotion cache (docs/performance.md). Emotion's production sheet puts every rule of the app in
 * one `<style>` (`insertRule`, up to 65,000 rules a tag), and a sheet that gains a rule has its
 * whole rule index rebuilt by Chromium at the next style computation: each screen that mounted
 * new components paid for the thousands of rules already there (about 15 ms at 1x CPU each
 * time, the larger part of the style computations Lighthouse found in the admin's long tasks).
 * Here the rules added in one task start a tag of their own, so a rebuild covers only them.
 */
export const createAppEmotionCache = ({ speedy }: { speedy?: boolean } = {}): EmotionCache => {
  // `speedy` defaults to Emotion's own choice: on in production builds.
  const cache = createCache({ key: 'css', ...(speedy === undefined ? {} : { speedy }) });
  const { sheet } = cache;
  const insert = sheet.insert.bind(sheet);
  let taskHasTag = false;
  sheet.insert = (rule) => {
    // Development sheets already give each rule its own tag (for source maps).
    if (!taskHasTag && sheet.isSpeedy) {
      taskHasTag = true;
      // The sheet starts a new tag when its rule count is a multiple of its tag size.
      sheet.ctr = 0;
      queueMicrotask(() => {
        taskHasTag = false;
      });
    }
    insert(rule);
  };
  return cache;
};
