import type { ConsentLog } from './consentLog';

/**
 * LOG-4: the retention job. Every `everyMs` (and once at start when asked) each account's
 * records older than its retention are deleted; the daily roll-ups, counts without visitor data,
 * stay for the dashboard. A run never overlaps the previous one.
 */
const HOURLY = 3_600_000;

export interface RetentionJob {
  /** One run now (the tests call it); how many records went. */
  run(): Promise<number>;
  stop(): void;
}

export const scheduleRetention = (log: ConsentLog, now: () => Date, everyMs = HOURLY, onError: (error: unknown) => void = console.error): RetentionJob => {
  let running: Promise<number> | null = null;
  const run = (): Promise<number> => {
    running ??= log.purgeExpired(now()).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    run().catch(onError);
  }, everyMs);
  // The job never keeps a process alive on its own.
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
};
