import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/*
 * react-query starts timers by the dozen as a page's data arrives. react-admin puts
 * every record of a list into the cache as its own query (a garbage-collection timer each) and
 * every cache change schedules its notification with its own `setTimeout(0)`. A timer costs
 * little in a visitor's browser, but under a performance trace each one records its stack, and
 * Lighthouse counted about 60 ms at 4x CPU of the list page's long tasks in `setTimeout`. Both
 * are coalesced here through react-query's own extension points (timeoutManager, notifyManager).
 */

/** Runs each callback; one that throws is reported as a timer's error would be, without stopping the others. */
const runAll = (callbacks: readonly (() => void)[]) => {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      globalThis.setTimeout(() => {
        throw error;
      }, 0);
    }
  }
};

let queued: (() => void)[] = [];

/**
 * react-query's notification scheduler: what is scheduled in one task runs, in order, in one
 * later task (react-query's default gives each its own `setTimeout(0)`).
 */
export const coalescedScheduler = (callback: () => void): void => {
  queued.push(callback);
  if (queued.length > 1) return;
  globalThis.setTimeout(() => {
    const due = queued;
    queued = [];
    runAll(due);
  }, 0);
};

interface Bucket {
  delay: number;
  timer: ReturnType<typeof setTimeout>;
  callbacks: Map<number, TimeoutCallback>;
}

/**
 * A react-query timeout provider: the timeouts of one delay started in one task share one
 * platform timer (they would fire within that task's duration of each other anyway). Intervals
 * (a query's `refetchInterval`, rare and long-lived) are the platform's own.
 */
export const createCoalescedTimeoutProvider = (): TimeoutProvider<number> => {
  let nextId = 1;
  const bucketOf = new Map<number, Bucket>();
  // The buckets still taking timeouts: those started in the current task.
  const open = new Map<number, Bucket>();

  const fire = (bucket: Bucket) => {
    if (open.get(bucket.delay) === bucket) open.delete(bucket.delay);
    const due = [...bucket.callbacks];
    bucket.callbacks.clear();
    for (const [id] of due) bucketOf.delete(id);
    runAll(due.map(([, callback]) => callback));
  };

  return {
    setTimeout: (callback, delay) => {
      const id = nextId++;
      let bucket = open.get(delay);
      if (bucket === undefined) {
        const created: Bucket = { delay, timer: globalThis.setTimeout(() => fire(created), delay), callbacks: new Map() };
        if (open.size === 0) queueMicrotask(() => open.clear());
        open.set(delay, created);
        bucket = created;
      }
      bucket.callbacks.set(id, callback);
      bucketOf.set(id, bucket);
      return id;
    },
    clearTimeout: (timerId: number | undefined) => {
      if (timerId === undefined) return;
      const bucket = bucketOf.get(timerId);
      if (bucket === undefined) return;
      bucketOf.delete(timerId);
      bucket.callbacks.delete(timerId);
      if (bucket.callbacks.size > 0) return;
      globalThis.clearTimeout(bucket.timer);
      if (open.get(bucket.delay) === bucket) open.delete(bucket.delay);
    },
    setInterval: (callback, delay) => Number(globalThis.setInterval(callback, delay)),
    clearInterval: (intervalId: ManagedTimerId | undefined) => globalThis.clearInterval(Number(intervalId)),
  };
};
