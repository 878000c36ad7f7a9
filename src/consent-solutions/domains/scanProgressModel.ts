import type { ConsentState, Scan, ScanFailure, StateProgress } from '../../schemas/scanner';

/**
 * SCAN-7: a scan as the admin tells it, in pages rather than page visits. The API counts a visit
 * per page and consent state (`pagesVisited`, `pagesPlanned`); a customer thinks in pages, and
 * every page is checked before consent, so that state's frontier is the list of pages.
 */

export interface PageCount {
  /** Pages done before consent, visited or failed: how far a running scan is. */
  checked: number;
  /** Pages actually seen: what a stopped scan's findings stand on. */
  visited: number;
  planned: number;
}

export const scanPages = (scan: Pick<Scan, 'states'>): PageCount | null => {
  const before = scan.states.before;
  return before ? { checked: before.visited + before.failed, visited: before.visited, planned: before.planned } : null;
};

/** The bar follows every visit, so it keeps moving while later states run over pages already counted. */
export const visitPercent = (scan: Pick<Scan, 'pagesVisited' | 'pagesPlanned'>): number =>
  scan.pagesPlanned > 0 ? Math.min(100, Math.round((100 * scan.pagesVisited) / scan.pagesPlanned)) : 0;

/** The state being checked and how far it is. */
export const checkingProgress = (scan: Pick<Scan, 'checking' | 'states'>): { state: ConsentState; done: number; planned: number } | null => {
  if (!scan.checking) return null;
  const progress = scan.states[scan.checking];
  return { state: scan.checking, done: progress ? progress.visited + progress.failed : 0, planned: progress?.planned ?? 0 };
};

/** A scan that stopped early but kept what it found (time limit, cancel while running). */
export const stoppedEarly = (scan: Pick<Scan, 'status' | 'partial'>): boolean => scan.status === 'failed' && scan.partial;

/** The order a customer reads the states in: the strictest first, consent last. */
export const SUMMARY_ORDER: readonly ConsentState[] = ['before', 'reject', 'gpc', 'accept'];

export interface StateSummary extends StateProgress {
  state: ConsentState;
}

/** The last scan per consent state, only the states it checked. */
export const stateSummary = (scan: Pick<Scan, 'states'>): StateSummary[] =>
  SUMMARY_ORDER.flatMap((state) => {
    const progress = scan.states[state];
    return progress ? [{ state, ...progress }] : [];
  });

/** What to do about a failure, one text per kind. */
export const adviceKey = (failure: ScanFailure | null): string => `scanner.advice.${failure ?? 'error'}`;

/** The queue, in words: 0 jobs ahead is next in line. */
export const queueText = (queuePosition: number | null): { key: string; position?: number } =>
  queuePosition === null
    ? { key: 'scanner.progress.queued' }
    : queuePosition === 0
      ? { key: 'scanner.progress.next' }
      : { key: 'scanner.progress.position', position: queuePosition + 1 };

/** Scans that were waiting or running and are not any more: their results changed the domain, its cookies and the inbox. */
export const finishedSince = (before: readonly Pick<Scan, 'id' | 'status'>[] | undefined, after: readonly Pick<Scan, 'id' | 'status'>[]): boolean => {
  const active = new Set((before ?? []).filter((s) => s.status === 'queued' || s.status === 'running').map((s) => s.id));
  return after.some((s) => active.has(s.id) && s.status !== 'queued' && s.status !== 'running');
};
