import { useEffect, useRef, useState } from 'react';

interface PendingVisibilityOptions {
  /** Nothing is shown for quick loads shorter than this. */
  delayMs?: number;
  /** Once shown, the indicator stays at least this long so it never flashes. */
  minVisibleMs?: number;
}

/** ST-7: route pending delay 1000 ms, minimum pending 500 ms. */
const PENDING_DELAY_MS = 1000;
const PENDING_MIN_VISIBLE_MS = 500;

/**
 * Whether a pending indicator should be visible for a `pending` flag: it appears only after
 * `delayMs` of continuous pending and, once shown, stays at least `minVisibleMs` even if the
 * work finished sooner.
 */
export const usePendingVisibility = (
  pending: boolean,
  { delayMs = PENDING_DELAY_MS, minVisibleMs = PENDING_MIN_VISIBLE_MS }: PendingVisibilityOptions = {},
): boolean => {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (pending && !visible) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delayMs);
      return () => clearTimeout(timer);
    }
    if (!pending && visible) {
      const remaining = Math.max(0, minVisibleMs - (Date.now() - shownAt.current));
      const timer = setTimeout(() => setVisible(false), remaining);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [pending, visible, delayMs, minVisibleMs]);

  return visible;
};
