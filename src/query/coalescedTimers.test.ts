import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedScheduler, createCoalescedTimeoutProvider } from './coalescedTimers';

/** Ends the current task: the microtasks run, as between two timer callbacks. */
const endOfTask = () => Promise.resolve();

describe('react-query timers, coalesced', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('[ST-7][PERF-1] timeouts of one delay started in one task share one platform timer and each fires once, on time (the 5-minute cache timer too)', async () => {
    const provider = createCoalescedTimeoutProvider();
    const fired: string[] = [];
    const platform = vi.spyOn(globalThis, 'setTimeout');
    for (const name of ['a', 'b', 'c']) provider.setTimeout(() => fired.push(name), 300_000);
    provider.setTimeout(() => fired.push('short'), 1_000);
    expect(platform).toHaveBeenCalledTimes(2);

    await endOfTask();
    provider.setTimeout(() => fired.push('next task'), 300_000);
    expect(platform).toHaveBeenCalledTimes(3);

    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['short']);
    vi.advanceTimersByTime(299_000);
    expect(fired).toEqual(['short', 'a', 'b', 'c', 'next task']);
    vi.advanceTimersByTime(600_000);
    expect(fired).toHaveLength(5);
  });

  it('[PERF-1] a cleared timeout never fires; clearing them all stops the platform timer', async () => {
    const provider = createCoalescedTimeoutProvider();
    const fired: string[] = [];
    const a = provider.setTimeout(() => fired.push('a'), 100);
    const b = provider.setTimeout(() => fired.push('b'), 100);
    provider.clearTimeout(a);
    provider.clearTimeout(undefined);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['b']);

    const c = provider.setTimeout(() => fired.push('c'), 100);
    provider.clearTimeout(c);
    expect(vi.getTimerCount()).toBe(0);
    // The emptied bucket is not reused: a later timeout in the same task gets its own timer.
    provider.setTimeout(() => fired.push('d'), 100);
    await endOfTask();
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['b', 'd']);
    provider.clearTimeout(b); // already fired: nothing to do
  });

  it('[PERF-1] a timeout that throws does not stop the others; its error is reported as a timer error', () => {
    const provider = createCoalescedTimeoutProvider();
    const fired: string[] = [];
    provider.setTimeout(() => {
      throw new Error('boom');
    }, 50);
    provider.setTimeout(() => fired.push('after'), 50);
    vi.advanceTimersByTime(50);
    expect(fired).toEqual(['after']);
    expect(() => vi.advanceTimersByTime(1)).toThrow('boom');
  });

  it('[PERF-1] intervals stay the platform’s own', () => {
    const provider = createCoalescedTimeoutProvider();
    const tick = vi.fn();
    const id = provider.setInterval(tick, 10);
    vi.advanceTimersByTime(30);
    expect(tick).toHaveBeenCalledTimes(3);
    provider.clearInterval(id);
    vi.advanceTimersByTime(30);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('[PERF-1] notifications scheduled in one task run in order in one later task', () => {
    const platform = vi.spyOn(globalThis, 'setTimeout');
    const ran: number[] = [];
    coalescedScheduler(() => ran.push(1));
    coalescedScheduler(() => {
      ran.push(2);
      coalescedScheduler(() => ran.push(4));
    });
    coalescedScheduler(() => ran.push(3));
    expect(platform).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
    vi.runOnlyPendingTimers();
    expect(ran).toEqual([1, 2, 3]);
    expect(platform).toHaveBeenCalledTimes(2);
    vi.runOnlyPendingTimers();
    expect(ran).toEqual([1, 2, 3, 4]);
  });
});
