import type PgBoss from 'pg-boss';
import type { Browser, Cookie, Page } from 'playwright-core';
import type { SqlClient } from '../consent-log/sql';
import type { AddressPolicy } from './addressGuard';
import { driveConsent, OWN_CONSENT_COOKIE, type ConsentSetup } from './consentStates';
import {
  acceptedOnPage,
  claim,
  finishCrawl,
  frontierCounts,
  markUnreached,
  nextVisitSlot,
  readCrawl,
  recordFailure,
  recruitHelper,
  recordRefusals,
  recordVisit,
  releaseRows,
  visitEnded,
  saveDiscovery,
  startCrawl,
  startPageOutcome,
  type Claim,
  type CrawlRow,
} from './crawlStore';
import { admissible, discover } from './discovery';
import { startGuardProxy, type Refusal } from './guardProxy';
import { detailOf, failureOf, failureOfDetail, failureOfStatus, installationChecks, type InstallationChecks } from './pageOutcome';
import { QUEUE } from './queue';
import { createPagePool, type PooledPage } from './pagePool';
import { parseRobots } from './robots';
import type { ReachedBy, StateOutcome } from './evidence/types';
import type { ConsentState, PageEvidence } from './types';
import { normaliseUrl } from './urls';
import { visit, type AcceptOnPage, type VisitOptions } from './visit';

/**
 * SCAN-1 / SCAN-3: one worker's part in one crawl. It claims frontier rows a few at a time and
 * keeps `pagesAtOnce` pages loading, each in a fresh browser context in its consent state,
 * behind the guard proxy; at most `perHostLimit` on one host, and no faster than the site's
 * Crawl-delay across every worker. It ends the crawl when the frontier is done, the deadline
 * passed or a cancel came (keeping what was found), and leaves it running for another worker
 * when its own process stops.
 */

export interface CrawlSettings extends VisitOptions {
  pagesAtOnce: number;
  /** Other workers a crawl asks to join it while it has many pages left. */
  helpersPerCrawl: number;
  perHostLimit: number;
  /** A worker silent this long is dead: its pages in flight go back to the frontier. */
  staleMs: number;
}

export interface RunnerContext {
  workerId: string;
  sql: SqlClient;
  boss: PgBoss;
  browser: () => Promise<Browser>;
  policy: AddressPolicy;
  settings: CrawlSettings;
  now: () => Date;
  /** The worker's process is stopping: hand the pages back and leave. */
  stopping: AbortSignal;
  /** Each page this worker recorded (the bench counts them). */
  onPage?: (evidence: PageEvidence) => void;
  onFinished?: () => void;
}

/** How a crawl stops when its customer cancels it: partial, with what it found. */
const CANCELLED = { failure: 'cancelled', detail: 'cancelled' } as const;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const finish = async (ctx: RunnerContext, crawlId: string, outcome: Parameters<typeof finishCrawl>[2]): Promise<void> => {
  if (!(await finishCrawl(ctx.sql, crawlId, outcome))) return;
  await ctx.boss.send(QUEUE.finished, { crawlId });
  ctx.onFinished?.();
};

/** How the crawl ends once its frontier is done: its start page decides whether it failed. */
const completed = async (ctx: RunnerContext, crawl: CrawlRow, checks?: InstallationChecks): Promise<void> => {
  const first = await startPageOutcome(ctx.sql, crawl.id);
  if (first && first.status !== 'visited') {
    await finish(ctx, crawl.id, { status: 'failed', failure: failureOfDetail(first.detail), detail: first.detail?.replace(/^\w+: /, '') ?? null });
    return;
  }
  await finish(ctx, crawl.id, { status: 'succeeded', checks });
};

export const runCrawl = async (ctx: RunnerContext, crawlId: string): Promise<void> => {
  let crawl = await startCrawl(ctx.sql, crawlId);
  if (!crawl) return;
  const refusals: Refusal[] = [];
  const refusedUrls = new Map<string, Refusal>();
  const onRefused = (refusal: Refusal): void => {
    refusals.push(refusal);
    refusedUrls.set(normaliseUrl(refusal.url) ?? refusal.url, refusal);
  };
  const plan = crawl.plan;
  const health = plan.kind === 'health';
  // Chromium starts while robots.txt and the sitemaps are read.
  const launching = ctx.browser();
  launching.catch(() => undefined);
  if (!crawl.discovered) {
    const found = await discover(ctx.policy, plan.startUrl, plan.canonicalDomain, health ? 1 : crawl.pageBudget, {
      timeoutMs: ctx.settings.pageTimeoutMs,
      onRefused,
    });
    await saveDiscovery(ctx.sql, crawl, found.robotsTxt, found.robots.crawlDelayMs, health ? found.urls.slice(0, 1) : found.urls);
    crawl = (await readCrawl(ctx.sql, crawlId)) ?? crawl;
  }
  const start = new URL(plan.startUrl);
  const robots = parseRobots(new URL('/robots.txt', start).href, crawl.robotsTxt);
  const browser = await launching;
  const proxy = await startGuardProxy(ctx.policy, onRefused);
  const setup: ConsentSetup = { consentSolutionId: plan.consentSolutionId, consentVersion: plan.consentVersion, stored: {} };
  const driving = new Map<ConsentState, Promise<{ cookies: Cookie[]; reachedBy: ReachedBy; detail: string | null }>>();
  const outcomes = new Map<ConsentState, StateOutcome>([
    ['before', { state: 'before', reachedBy: 'nothing', detail: null }],
    ['gpc', { state: 'gpc', reachedBy: 'gpc-signal', detail: null }],
  ]);
  /** The site's Crawl-delay, across every worker on the crawl. */
  const pace = async (): Promise<void> => {
    if (crawl.crawlDelayMs > 0) await sleep((await nextVisitSlot(ctx.sql, crawlId, crawl.crawlDelayMs)) - Date.now());
  };
  /**
   * Under a Crawl-delay this worker loads one page at a time, each waiting the delay after the
   * previous one ended (a slot reserved before the previous load ended could reach the site
   * sooner than the delay when that load was slow).
   */
  let politeTurn: Promise<void> = Promise.resolve();
  const politely = async <T>(load: () => Promise<T>): Promise<T> => {
    if (crawl.crawlDelayMs <= 0) return load();
    const previous = politeTurn;
    let release = (): void => undefined;
    politeTurn = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      await pace();
      return await load();
    } finally {
      await visitEnded(ctx.sql, crawlId, crawl.crawlDelayMs).catch(() => undefined);
      release();
    }
  };
  const pool = createPagePool(browser, { proxyServer: proxy.server }, setup, ctx.settings.pagesAtOnce * 2);
  /** Decides on the start page once per state, in a page of the state's own context, which then serves its visits. */
  const drive = async (state: 'accept' | 'reject'): Promise<{ cookies: Cookie[]; reachedBy: ReachedBy; detail: string | null }> => {
    const pooled = await pool.acquire(state);
    try {
      return await driveConsent(
        pooled.page,
        state,
        plan.startUrl,
        { pageTimeoutMs: ctx.settings.pageTimeoutMs },
        { consentSolutionId: plan.consentSolutionId },
      );
    } finally {
      await pooled.release(true);
    }
  };
  const consentFor = async (state: ConsentState): Promise<StateOutcome> => {
    if (state !== 'accept' && state !== 'reject') return outcomes.get(state) as StateOutcome;
    let pending = driving.get(state);
    if (!pending) {
      // Its page load takes a turn like any other (politely paces it).
      pending = politely(() => drive(state));
      driving.set(state, pending);
    }
    const driven = await pending;
    setup.stored[state] = driven.cookies;
    return { state, reachedBy: driven.reachedBy, detail: driven.detail };
  };

  const perHost = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let checks: InstallationChecks | undefined;
  let stop: { failure: 'timeout' | 'cancelled'; detail: string } | null = null;
  /** States found unreached here: their pages are not visited (markUnreached). */
  const unreached = new Set<ConsentState>();
  /**
   * Until the start page has answered before consent, only pages before consent are loaded: a
   * site that is down or refuses the scanner costs one page load, not one per state, and the
   * crawl ends there (its start page decides that it failed).
   */
  let startAnswered = false;
  let startFailed = false;
  /** When the crawl's row (cancel, deadline) and the start page were last read. */
  let lastCheck = 0;
  const readStart = async (): Promise<void> => {
    const first = await startPageOutcome(ctx.sql, crawlId);
    if (first && (first.status === 'pending' || first.status === 'visiting')) return;
    startAnswered = true;
    startFailed = first !== null && first.status !== 'visited';
  };

  /**
   * Whether this visit before consent goes on to "accept all" on the page (acceptedOnPage): once
   * the start page answered and the crawl reached "accept" there; else the page's "accept" row is
   * visited on its own.
   */
  const acceptingHere = async (row: Claim): Promise<AcceptOnPage | undefined> => {
    if (row.state !== 'before' || !acceptedOnPage(plan, row.seq) || !startAnswered || startFailed || unreached.has('accept')) return undefined;
    const outcome = await consentFor('accept');
    if (outcome.reachedBy === 'unreached') {
      if (await markUnreached(ctx.sql, crawlId, 'accept', outcome.detail)) unreached.add('accept');
      return undefined;
    }
    return { consentSolutionId: plan.consentSolutionId, outcome };
  };

  /**
   * The start page, loaded before consent, decides "accept" for the crawl: its banner's button
   * pressed there once its evidence is read, as a page driven for it alone would (one page load,
   * and the crawl's pages accepted on theirs wait no longer for a second). Where that page shows no
   * button of ours, or the banner stores nothing, the crawl drives "accept" as before.
   */
  const decidesAccept = (row: Claim): boolean => row.seq === 0 && row.state === 'before' && !health && !driving.has('accept');
  const acceptDecidedOn = async (page: Page, accepted: PageEvidence | null): Promise<void> => {
    if (accepted?.reachedBy !== 'own-banner' || driving.has('accept')) return;
    const cookies = (await page.context().cookies()).filter((c) => OWN_CONSENT_COOKIE.test(c.name));
    if (cookies.length > 0) driving.set('accept', Promise.resolve({ cookies, reachedBy: accepted.reachedBy, detail: null }));
  };

  const visitOne = async (row: Claim): Promise<void> => {
    const host = new URL(row.url).host;
    perHost.set(host, (perHost.get(host) ?? 0) + 1);
    let pooled: PooledPage | undefined;
    let healthy = false;
    try {
      if (unreached.has(row.state)) return;
      const outcome = await consentFor(row.state);
      if (outcome.reachedBy === 'unreached' && (await markUnreached(ctx.sql, crawlId, row.state, outcome.detail))) {
        unreached.add(row.state);
        return;
      }
      const decides = decidesAccept(row);
      const accept = decides
        ? { consentSolutionId: plan.consentSolutionId, outcome: { state: 'accept', reachedBy: 'own-banner', detail: null } as const }
        : await acceptingHere(row);
      pooled = await pool.acquire(row.state);
      const page = pooled.page;
      const { evidence, accepted } = await politely(() => visit(page, row.url, outcome, plan.canonicalDomain, ctx.settings, accept));
      if (decides) await acceptDecidedOn(page, accepted);
      // The proxy's 403 for a page (or a redirect hop) it refused, not the site's.
      const refusedBy = evidence.status === 403 ? refusedUrls.get(evidence.finalUrl) : undefined;
      if (refusedBy) {
        await recordFailure(ctx.sql, crawlId, ctx.workerId, row, 'refused', null, detailOf('refused', refusedBy.detail));
      } else if (evidence.status !== null && evidence.status >= 400) {
        await recordFailure(
          ctx.sql,
          crawlId,
          ctx.workerId,
          row,
          'failed',
          evidence.status,
          detailOf(failureOfStatus(evidence.status), `HTTP ${evidence.status}`),
        );
      } else {
        if (health && row.seq === 0) checks = await installationChecks(page, plan.consentSolutionId, Math.min(3_000, ctx.settings.pageTimeoutMs));
        const links = row.state === 'before' && !health ? admissible(evidence.links, start, plan.canonicalDomain, robots) : [];
        const kept = acceptedOnPage(plan, row.seq) ? accepted : null;
        if (await recordVisit(ctx.sql, crawl, ctx.workerId, evidence, ctx.now(), links, kept)) {
          ctx.onPage?.(evidence);
          if (kept) ctx.onPage?.(kept);
        }
      }
      healthy = true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = [...refusedUrls.values()].find((r) => new URL(r.url).host === host);
      const failure = refused && failureOf(error) !== 'timeout' ? 'refused' : failureOf(error);
      await recordFailure(
        ctx.sql,
        crawlId,
        ctx.workerId,
        row,
        failure === 'refused' ? 'refused' : 'failed',
        null,
        detailOf(failure, refused?.detail ?? message),
      ).catch(() => undefined);
    } finally {
      perHost.set(host, (perHost.get(host) ?? 1) - 1);
      await pooled?.release(healthy);
      // The start page's outcome is read at once.
      if (row.seq === 0 && row.state === 'before') lastCheck = 0;
    }
  };

  // Rows claimed but waiting for their host's turn.
  const waiting: Claim[] = [];
  let recruited = false;
  try {
    for (;;) {
      if (ctx.stopping.aborted) break;
      if (Date.now() - lastCheck > 500) {
        lastCheck = Date.now();
        const fresh = await readCrawl(ctx.sql, crawlId);
        if (!fresh || fresh.status !== 'running') break;
        if (fresh.cancelRequested) stop = CANCELLED;
        else if (fresh.deadlineMs !== null && Date.now() > fresh.deadlineMs)
          stop = { failure: 'timeout', detail: `time limit of ${plan.timeLimitMs} ms reached` };
        if (stop) break;
        if (!startAnswered) await readStart();
        if (startFailed) break;
        if (refusals.length > 0) await recordRefusals(ctx.sql, crawlId, refusals.splice(0));
        // Plenty left: ask one idle worker to join (it asks the next in turn, up to the bound).
        if (!recruited && !health && (await frontierCounts(ctx.sql, crawlId)).pending > ctx.settings.pagesAtOnce * 4) {
          recruited = true;
          if (await recruitHelper(ctx.sql, crawlId, ctx.settings.helpersPerCrawl)) await ctx.boss.send(QUEUE.scan, { crawlId });
        }
      }
      // Once the start page answered, rows are claimed a few ahead, as soon as no more are at hand than
      // the pages at once take: one statement for several visits rather than one each (on the
      // embedded database a claim costs about as much as recording a visit). Before, only what the
      // pages at once take, once a page is free: the rows claimed then could be pages before consent alone.
      const held = inFlight.size + waiting.length;
      const ahead = startAnswered ? Math.ceil(ctx.settings.pagesAtOnce / 2) : 0;
      const claimAt = startAnswered ? ctx.settings.pagesAtOnce : ctx.settings.pagesAtOnce - 1;
      if (held <= claimAt) waiting.push(...(await claim(ctx.sql, crawlId, ctx.workerId, ctx.settings.pagesAtOnce + ahead - held, plan, !startAnswered)));
      for (let i = 0; i < waiting.length && inFlight.size < ctx.settings.pagesAtOnce;) {
        const row = waiting[i] as Claim;
        if ((perHost.get(new URL(row.url).host) ?? 0) >= ctx.settings.perHostLimit) {
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        const task = visitOne(row).finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      if (inFlight.size === 0 && waiting.length === 0) {
        const counts = await frontierCounts(ctx.sql, crawlId);
        if (counts.pending === 0 && counts.visiting === 0) {
          // A cancel asked for while the last pages were in flight is kept: the customer was told it stops.
          if ((await readCrawl(ctx.sql, crawlId))?.cancelRequested) {
            stop = CANCELLED;
            break;
          }
          await recordRefusals(ctx.sql, crawlId, refusals.splice(0));
          await completed(ctx, crawl, checks);
          return;
        }
        // Other workers' pages in flight: theirs, unless they died.
        if (counts.visiting > 0) await releaseRows(ctx.sql, crawlId, { staleMs: ctx.settings.staleMs });
        await sleep(200);
        continue;
      }
      await Promise.race([sleep(50), ...inFlight]);
    }
    await Promise.allSettled(inFlight);
    await recordRefusals(ctx.sql, crawlId, refusals.splice(0));
    if (waiting.length > 0 || ctx.stopping.aborted || startFailed) await releaseRows(ctx.sql, crawlId, ctx.workerId);
    if (stop) await finish(ctx, crawlId, { status: 'failed', failure: stop.failure, detail: stop.detail, partial: true });
    else if (startFailed && !ctx.stopping.aborted) await completed(ctx, crawl, checks);
  } finally {
    await Promise.allSettled(inFlight);
    await pool.close();
    await proxy.close();
  }
};
