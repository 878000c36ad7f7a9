import { describe, expect, it } from 'vitest';
import { adviceKey, checkingProgress, finishedSince, queueText, scanPages, stateSummary, stoppedEarly, visitPercent } from './scanProgressModel';

const states = {
  before: { planned: 500, visited: 310, failed: 2, cookies: 4 },
  accept: { planned: 500, visited: 0, failed: 0, cookies: 0 },
  reject: { planned: 20, visited: 20, failed: 0, cookies: 3 },
  gpc: { planned: 20, visited: 20, failed: 0, cookies: 2 },
};

describe('scanProgressModel', () => {
  it('[SCAN-7] counts pages, not page visits: a 500-page scan reads "of 500", never "of 1000"', () => {
    expect(scanPages({ states })).toEqual({ checked: 312, visited: 310, planned: 500 });
    expect(scanPages({ states: {} })).toBeNull();
    // The bar follows every visit, across the states.
    expect(visitPercent({ pagesVisited: 352, pagesPlanned: 1040 })).toBe(34);
    expect(visitPercent({ pagesVisited: 0, pagesPlanned: 0 })).toBe(0);
  });

  it('[SCAN-7] the state being checked with its own progress, and the queue in words', () => {
    expect(checkingProgress({ checking: 'before', states })).toEqual({ state: 'before', done: 312, planned: 500 });
    expect(checkingProgress({ checking: 'gpc', states: {} })).toEqual({ state: 'gpc', done: 0, planned: 0 });
    expect(checkingProgress({ checking: null, states })).toBeNull();
    expect(queueText(0)).toEqual({ key: 'scanner.progress.next' });
    expect(queueText(2)).toEqual({ key: 'scanner.progress.position', position: 3 });
    expect(queueText(null)).toEqual({ key: 'scanner.progress.queued' });
  });

  it('[SCAN-7] a stop that kept its findings, the advice per failure, the summary in reading order', () => {
    expect(stoppedEarly({ status: 'failed', partial: true })).toBe(true);
    expect(stoppedEarly({ status: 'failed', partial: false })).toBe(false);
    expect(stoppedEarly({ status: 'succeeded', partial: false })).toBe(false);
    expect(adviceKey('blocked')).toBe('scanner.advice.blocked');
    expect(adviceKey(null)).toBe('scanner.advice.error');
    expect(stateSummary({ states }).map((row) => row.state)).toEqual(['before', 'reject', 'gpc', 'accept']);
    expect(stateSummary({ states: { before: states.before } })).toEqual([{ state: 'before', ...states.before }]);
  });

  it('[SCAN-7] notices a scan that ended since the last poll, and only then', () => {
    expect(finishedSince([{ id: 1, status: 'running' }], [{ id: 1, status: 'succeeded' }])).toBe(true);
    expect(finishedSince([{ id: 1, status: 'queued' }], [{ id: 1, status: 'failed' }])).toBe(true);
    expect(finishedSince([{ id: 1, status: 'running' }], [{ id: 1, status: 'running' }])).toBe(false);
    expect(finishedSince(undefined, [{ id: 1, status: 'succeeded' }])).toBe(false);
    expect(finishedSince([{ id: 1, status: 'succeeded' }], [{ id: 1, status: 'succeeded' }])).toBe(false);
  });
});
