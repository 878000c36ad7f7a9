import type { Page, Request } from 'playwright-core';
import { settled } from './screenWalk';

interface Traffic {
  inFlight: Set<Request>;
  lastChange: number;
}

const traffic = new WeakMap<Page, Traffic>();

/** Counts the page's requests in flight from now on: call it before the navigations `whenQuiet` waits for. */
export const trackTraffic = (page: Page): void => {
  if (traffic.has(page)) return;
  const state: Traffic = { inFlight: new Set(), lastChange: performance.now() };
  const done = (request: Request) => {
    state.inFlight.delete(request);
    state.lastChange = performance.now();
  };
  page.on('request', (request) => {
    state.inFlight.add(request);
    state.lastChange = performance.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  traffic.set(page, state);
};

/**
 * Playwright's `networkidle` for a page that moves inside the app (its load states are reached
 * once per document, so after an in-app navigation they answer at once), and the DOM at rest:
 * resolves when no request has been in flight for `quietMs` and the DOM has not changed for as
 * long, with no progress bar (`settled`). A route's chunk loads for up to a second before the
 * app shows a progress bar, so the DOM alone would not say the screen is there.
 */
export const whenQuiet = async (page: Page, quietMs = 300, timeoutMs = 30_000): Promise<void> => {
  const state = traffic.get(page);
  if (!state) throw new Error('whenQuiet needs trackTraffic(page) before the navigation');
  const started = performance.now();
  for (;;) {
    await settled(page, quietMs);
    if (state.inFlight.size === 0 && performance.now() - state.lastChange >= quietMs) return;
    if (performance.now() - started > timeoutMs) {
      throw new Error(`requests still in flight after ${timeoutMs} ms: ${[...state.inFlight].map((request) => request.url()).join(', ')}`);
    }
  }
};
