import type { Browser, BrowserContext, CDPSession, Frame, Page } from 'playwright-core';
import { muteConsentRecords, newStateContext, type ConsentSetup, type ContextSettings } from './consentStates';
import { shareSession } from './evidence/pageScript';
import type { ConsentState } from './types';

/**
 * SCAN-3: pages kept open between visits. A new page is a new renderer process, which costs a
 * second or more on a busy machine, far more than the visit; a kept page is one context per
 * consent state, its cookies cleared and its state's consent stored again before each visit,
 * so a visit still starts from what a visitor in that state holds and nothing else. That is
 * storage too: every origin a frame of the page was at since the last visit has its
 * localStorage, sessionStorage, IndexedDB, caches and service workers cleared (Chromium's
 * `Storage.clearDataForOrigin`), once the page is on about:blank so no script of it writes again.
 */

interface Slot {
  state: ConsentState;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Origins a frame of the page has been at since the slot's storage was last cleared. */
  origins: Set<string>;
  /** When the page was last released (idle pages only). */
  idleSince: number;
}

const originOf = (url: string): string | null => {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/** Every kind of origin-keyed data Chromium holds (cookies are the context's, cleared apart). */
const STORAGE_TYPES = 'all';

export interface PooledPage {
  page: Page;
  /** Back to the pool; a page that failed is closed instead (a crashed renderer is not reused). */
  release(healthy: boolean): Promise<void>;
}

/**
 * A page idle this long is closed: its state's pages are done for now (the sample's "reject all",
 * GPC and replayed "accept all" early in a crawl), and each kept page is a renderer's memory.
 */
export const IDLE_PAGE_MS = 10_000;

export const createPagePool = (browser: Browser, settings: ContextSettings, setup: ConsentSetup, size: number, idleMs: number = IDLE_PAGE_MS) => {
  const idle: Slot[] = [];
  let open = 0;

  const close = async (slot: Slot): Promise<void> => {
    open -= 1;
    await slot.context.close().catch(() => undefined);
  };
  const closeStale = async (): Promise<void> => {
    const before = Date.now() - idleMs;
    const stale = idle.filter((slot) => slot.idleSince < before);
    if (stale.length === 0) return;
    for (const slot of stale) idle.splice(idle.indexOf(slot), 1);
    await Promise.all(stale.map(close));
  };

  const prepare = async (slot: Slot): Promise<void> => {
    if (slot.origins.size > 0) {
      if (slot.page.url() !== 'about:blank') await slot.page.goto('about:blank');
      for (const origin of slot.origins) await slot.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES });
      slot.origins.clear();
    }
    await slot.context.clearCookies();
    const stored = setup.stored[slot.state];
    if (stored && stored.length > 0) await slot.context.addCookies(stored);
  };

  return {
    acquire: async (state: ConsentState): Promise<PooledPage> => {
      await closeStale();
      let slot: Slot | undefined;
      const index = idle.findIndex((s) => s.state === state);
      if (index >= 0) slot = idle.splice(index, 1)[0];
      else {
        // Room for a page of this state: the longest idle page of another state goes.
        if (open >= size && idle.length > 0) await close(idle.shift() as Slot);
        open += 1;
        try {
          const context = await newStateContext(browser, state, settings, setup);
          const page = await context.newPage();
          const origins = new Set<string>();
          page.on('framenavigated', (frame: Frame) => {
            const origin = originOf(frame.url());
            if (origin) origins.add(origin);
          });
          const cdp = await context.newCDPSession(page);
          await muteConsentRecords(cdp);
          shareSession(page, cdp);
          slot = { state, context, page, cdp, origins, idleSince: 0 };
        } catch (error) {
          open -= 1;
          throw error;
        }
      }
      const taken = slot as Slot;
      try {
        await prepare(taken);
      } catch (error) {
        await close(taken);
        throw error;
      }
      return {
        page: taken.page,
        release: async (healthy) => {
          if (healthy && !taken.page.isClosed()) {
            taken.idleSince = Date.now();
            idle.push(taken);
          } else await close(taken);
        },
      };
    },
    close: async (): Promise<void> => {
      await Promise.all(idle.splice(0).map(close));
    },
  };
};
