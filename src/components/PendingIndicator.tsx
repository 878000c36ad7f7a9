import { createContext, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslate } from 'react-admin';
import { usePendingVisibility } from '../hooks/usePendingVisibility';

type ReportPending = (delta: 1 | -1) => void;

const PendingContext = createContext<ReportPending | null>(null);

// The bar renders above the page's landmarks (it outlives the Suspense fallback), so it is a
// labelled region of its own: all content inside a landmark (axe: region).
const PendingBar = () => {
  const translate = useTranslate();
  const label = translate('shell.pending');
  return (
    <Box role="region" aria-label={label} sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}>
      <LinearProgress aria-label={label} />
    </Box>
  );
};

/**
 * Owns the route pending bar. A Suspense fallback unmounts the moment its content arrives,
 * so the bar lives here, above the Suspense boundaries, to honour the minimum duration (ST-7).
 */
export const PendingProvider = ({ children }: { children: ReactNode }) => {
  const [count, setCount] = useState(0);
  const report = useCallback<ReportPending>((delta) => setCount((current) => current + delta), []);
  const visible = usePendingVisibility(count > 0);
  return (
    <PendingContext.Provider value={report}>
      {visible ? <PendingBar /> : null}
      {children}
    </PendingContext.Provider>
  );
};

/**
 * The Suspense fallback of lazy routes: nothing for the first 1000 ms, then a progress bar that
 * stays at least 500 ms. Inside a PendingProvider it only reports that something is pending.
 */
export const PendingIndicator = () => {
  const report = useContext(PendingContext);
  useEffect(() => {
    if (report === null) return undefined;
    report(1);
    return () => report(-1);
  }, [report]);
  // Without a provider the bar unmounts with the fallback: the delay still applies.
  const visible = usePendingVisibility(report === null);
  return visible ? <PendingBar /> : null;
};

/** True inside the shell (AppLayout's PendingProvider). */
export const useInsideShell = (): boolean => useContext(PendingContext) !== null;

/** The boundary of a lazily loaded route or tab: the pending indicator until its chunk has run. */
export const PendingSuspense = ({ children }: { children: ReactNode }) => <Suspense fallback={<PendingIndicator />}>{children}</Suspense>;
