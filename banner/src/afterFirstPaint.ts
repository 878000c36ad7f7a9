/** Runs `fn` after the next frame is painted (a frame callback, then a task). */
export const afterFirstPaint = (fn: () => void): void => {
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => window.setTimeout(fn, 0));
  else window.setTimeout(fn, 0);
};

/** Runs `fn` once the page is parsed and its first frame painted (at once when that is past). */
export const onceFirstPainted = (fn: () => void): void => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => afterFirstPaint(fn));
  else fn();
};

/** Whether the browser reports that the page has painted a frame (paint timing). */
export const hasPainted = (): boolean =>
  typeof performance !== 'undefined' && typeof performance.getEntriesByType === 'function' && performance.getEntriesByType('paint').length > 0;
