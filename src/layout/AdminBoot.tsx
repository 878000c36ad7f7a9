import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ConsentBanner } from './ConsentBanner';
import { integrationsEn } from '../i18n/integrations.en';
import { integrationsFr } from '../i18n/integrations.fr';
import { addTexts } from '../i18n/i18n';
import { ShellFrame } from './ShellFrame';

// The notice's texts come with this chunk, not the entry's catalogue: the login route never
// shows it (its 130 kB budget, docs/performance.md).
addTexts('en', integrationsEn);
addTexts('fr', integrationsFr);

// Over the page, not in it: under it, react-admin's loading page is a screen high too.
const OVER_THE_PAGE = { position: 'fixed', inset: 0, overflowY: 'auto' } as const;

/** The admin's loading frame with the real cookie notice: a choice made here is kept. */
const ShellPlaceholder = ({ hidden }: { hidden: boolean }) => (
  <Box sx={OVER_THE_PAGE} hidden={hidden}>
    <ShellFrame>
      <ConsentBanner />
    </ShellFrame>
  </Box>
);

// What the admin shows before its shell is ready (react-admin's session check, the shell's first
// render) holds this frame instead of drawing its own: each swap from one frame to the next
// removed and re-created the cookie notice, three times per page load (docs/performance.md).
let holds = 0;
const holdListeners = new Set<() => void>();
const announceHolds = () => holdListeners.forEach((listener) => listener());
const subscribeHolds = (listener: () => void) => {
  holdListeners.add(listener);
  return () => void holdListeners.delete(listener);
};
const isFrameHeld = () => holds > 0;

// The hold and the hand-over are passive effects and plain state, not layout effects and
// useSyncExternalStore: React renders an update made during a commit (or a store's change) in its
// sync lane, and first runs all the admin's passive effects in the task of the commit that mounted
// it: 50–130 ms at 4× CPU in one task (docs/performance.md). The frame is over the page, so
// leaving a render later shows nothing out of place.

/** Keeps the loading frame on screen while mounted; renders nothing itself. */
export const KeepBootFrame = () => {
  useEffect(() => {
    holds += 1;
    announceHolds();
    return () => {
      holds -= 1;
      announceHolds();
    };
  }, []);
  return null;
};

/** Calls `onCommit` once the tree before it has committed, with its passive effects. */
const OnCommit = ({ onCommit }: { onCommit: () => void }) => {
  useEffect(onCommit, [onCommit]);
  return null;
};

/** How long the admin waits for the first contentful paint to be reported once a frame has run. */
const FIRST_PAINT_WAIT_MS = 500;

/**
 * Resolves once the page's first contentful paint has been presented (its `paint` entry is
 * there), in a task after it. A frame's callback runs before the frame reaches the screen, and in
 * Lighthouse's runs the paint came 30–50 ms after it: the admin's files, asked for in between,
 * downloaded while the first paint was still on its way, and Lighthouse then counted them before
 * it (docs/performance.md). Where the browser reports no paint timing, or none comes, a task later
 * (at most the wait).
 */
const afterFirstContentfulPaint = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const reportsPaint = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
    const timer = window.setTimeout(done, reportsPaint ? FIRST_PAINT_WAIT_MS : 0);
    const observer = reportsPaint
      ? new PerformanceObserver((entries) => {
          if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
        })
      : undefined;
    function done() {
      observer?.disconnect();
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
    observer?.observe({ type: 'paint', buffered: true });
  });

/**
 * Shows the loading frame, then `children`, the admin (docs/performance.md). The admin (about
 * 270 kB) starts downloading once the frame is on screen (its first contentful paint): fetched
 * together, it shared the connection with the entry and held the first paint back on a slow
 * network. The switch is a transition, so the frame stays as it is until the admin is ready; the
 * frame then stays while the admin holds it (KeepBootFrame) and leaves in the render after the one
 * that shows the admin's own screen.
 */
export default function AdminBoot({ children, load }: { children: ReactNode; load?: () => Promise<unknown> }) {
  const [painted, setPainted] = useState(false);
  const [adminCommitted, setAdminCommitted] = useState(false);
  const [markCommitted] = useState(() => () => setAdminCommitted(true));
  const [held, setHeld] = useState(isFrameHeld);
  useEffect(() => {
    const update = () => setHeld(isFrameHeld());
    // A hold taken before this subscribed is read now.
    update();
    return subscribeHolds(update);
  }, []);
  const shown = !adminCommitted || held;
  // Removing the frame's elements costs more than the rest of the commit that hides it (about
  // 40 ms at 4x CPU under a trace): that commit hides the frame, a task of its own removes it.
  const [removed, setRemoved] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    const task = window.setTimeout(() => setRemoved(true), 0);
    return () => {
      window.clearTimeout(task);
      setRemoved(false);
    };
  }, [shown]);
  useEffect(() => {
    const stop = new AbortController();
    const frame = window.requestAnimationFrame(() => {
      void afterFirstContentfulPaint(stop.signal).then(() => {
        if (stop.signal.aborted) return;
        // Started here rather than by the render of `children`: the import appends a preload link
        // per file of the admin (1–2 ms each at 4x CPU under a trace), which no longer adds to the
        // render's task (docs/performance.md). A failed download is reported by the render's own import.
        void load?.().catch(() => undefined);
        startTransition(() => setPainted(true));
      });
    });
    return () => {
      window.cancelAnimationFrame(frame);
      stop.abort();
    };
  }, [load]);
  return (
    <>
      {(shown || !removed) && <ShellPlaceholder hidden={!shown} />}
      <Suspense fallback={null}>
        {painted && (
          <>
            {children}
            <OnCommit onCommit={markCommitted} />
          </>
        )}
      </Suspense>
    </>
  );
}
