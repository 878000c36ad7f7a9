/**
 * Runs `fn` once `element` has been laid out by the browser's own rendering step, before that
 * frame is painted (a ResizeObserver's first report comes right after layout): what `fn` then
 * reads or focuses needs no layout of its own inside a script. Where the browser has no
 * ResizeObserver, or the element gets no box to report, at once.
 */
export const afterLayout = (element: Element, fn: () => void): void => {
  if (typeof window.ResizeObserver !== 'function') {
    fn();
    return;
  }
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    observer.disconnect();
    fn();
  };
  const observer = new ResizeObserver(once);
  observer.observe(element);
  // An element with no box is never reported: the next frame's callback and task catch it.
  window.requestAnimationFrame(() => window.setTimeout(once, 0));
};
