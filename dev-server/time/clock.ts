/**
 * The server's notion of "now". Every time-dependent rule (sessions, login throttle, trial days
 * left, renewals) reads `ctx.now()`, which is this clock, so a test or a developer can move time
 * forward with `POST /dev/clock` (dev mode only) instead of waiting for a trial to end.
 */
export interface DevClock {
  now: () => Date;
  /** Moves the clock forward (or back, for a negative count) by whole or fractional days. */
  advanceDays: (days: number) => Date;
  /** Back to the base clock (offset 0). */
  reset: () => Date;
  offsetMs: () => number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const createDevClock = (base: () => Date = () => new Date()): DevClock => {
  let offset = 0;
  const now = (): Date => new Date(base().getTime() + offset);
  return {
    now,
    advanceDays: (days) => {
      offset += Math.round(days * DAY_MS);
      return now();
    },
    reset: () => {
      offset = 0;
      return now();
    },
    offsetMs: () => offset,
  };
};
