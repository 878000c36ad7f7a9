import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { ScannerStatus } from '../../src/schemas/scanner';
import type { SqlClient } from '../consent-log/sql';
import { consentSolutionRows } from '../data/consentSolutions';
import { domainRows } from '../data/domains';
import { isDomainVerified } from '../data/domainVerification';
import { ApiError, violation } from '../http/errors';
import type { Store } from '../store/store';
import type { DomainRow } from '../store/types';
import { addressPolicy, checkHost, defaultPort } from './addressGuard';
import { findScannerChromium } from './chromium';
import { activeWorkers, readProgress, requestCancel } from './crawlReads';
import { createCrawl, type CrawlPlan } from './crawlStore';
import { openQueue, QUEUE, type CrawlJob } from './queue';
import { applyResults, liveView } from './results';
import { HEALTH_CHECKS, SCANS, type HealthCheckRow, type ScanRow } from './types';
import { startScanWorker, type ScanWorker, type WorkerOptions } from './worker';

/**
 * BEYOND-4 / BEYOND-8 / ENT-1 / SCAN-1..SCAN-7: the API's side of the scanner. It only queues
 * and reads: a scan is a durable crawl in the database (crawlStore.ts) and a job in the queue
 * (queue.ts); workers run it (worker.ts: one in this process unless `workers` is 0, more with
 * `npm run scanner`). The admin's rows (`scans`, `healthChecks`) show the crawl's live progress
 * while it runs and take its results when a worker reports it finished.
 */

export interface ScannerOptions extends Pick<WorkerOptions, 'hostResolverRules' | 'allowLoopbackPorts' | 'settings' | 'crawlsAtOnce'> {
  /** Chromium executable; default CHROMIUM_PATH, else `chromium` / `chromium-browser` on PATH. */
  chromiumPath?: string;
  /** Start page of a domain; `{domain}` is replaced. Default `https://{domain}/`. */
  baseUrl?: string;
  /** Caps the pages per scan below the domain's scan depth (tests, small machines). */
  maxPages?: number;
  /** Pages checked after "reject all" and with GPC (SCAN-4 sample). */
  sampleSize?: number;
  timeLimitMs?: number;
  /** Queue each domain's scans on its frequency (pg-boss cron). Default: off (the CLI's SCANNER_SCHEDULE turns it on). */
  schedule?: boolean;
  /** Workers run inside this process (default 1; 0 when `npm run scanner` processes do the crawling). */
  workers?: number;
  /** pg-boss's schema (tests sharing a server). */
  queueSchema?: string;
}

const ACTIVE_STATUSES = new Set(['active', 'pending', 'error']);
const DAY_MS = 86_400_000;

/** The answer to a scan or health check while no scanner can run it (503). */
export const scannerUnavailable = (): ApiError => new ApiError(503, [violation('error.backend.scanner_unavailable')]);

const isPending = (row: { status: string }): boolean => row.status === 'queued' || row.status === 'running';

export const createScanner = (store: Store, now: () => Date, options: ScannerOptions, database: () => Promise<SqlClient>) => {
  const scans = (): ScanRow[] => store.rows<ScanRow>(SCANS);
  const healthChecks = (): HealthCheckRow[] => store.rows<HealthCheckRow>(HEALTH_CHECKS);
  const executable = findScannerChromium(options.chromiumPath);
  const baseUrl = options.baseUrl ?? 'https://{domain}/';
  const inProcessWorkers = executable ? (options.workers ?? 1) : 0;
  let started: Promise<PgBoss> | null = null;
  let closed = false;
  const workers: ScanWorker[] = [];
  const submissions = new Set<Promise<void>>();
  let knownWorkers = 0;

  const solutionOf = (domain: Pick<DomainRow, 'consentSolutionId'>) => consentSolutionRows(store).find((s) => s.id === domain.consentSolutionId);

  const start = (): Promise<PgBoss> =>
    (started ??= (async () => {
      const sql = await database();
      const boss = await openQueue(sql, { role: 'api', schema: options.queueSchema });
      const takesResults = await boss.work<CrawlJob>(QUEUE.finished, { batchSize: 10, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await applyResults(store, now, sql, job.data.crawlId);
      });
      await boss.work(QUEUE.schedule, { pollingIntervalSeconds: 5 }, async () => {
        tick();
      });
      if (options.schedule) await boss.schedule(QUEUE.schedule, '* * * * *');
      else await boss.unschedule(QUEUE.schedule);
      for (let i = 0; i < inProcessWorkers; i += 1)
        workers.push(
          await startScanWorker(sql, {
            chromiumPath: executable,
            hostResolverRules: options.hostResolverRules,
            allowLoopbackPorts: options.allowLoopbackPorts,
            settings: options.settings,
            crawlsAtOnce: options.crawlsAtOnce,
            queueSchema: options.queueSchema,
            now,
            // The results of this process's worker are taken at once, not at the next poll.
            onFinished: () => boss.notifyWorker(takesResults),
          }),
        );
      return boss;
    })());

  const planOf = (domain: DomainRow, kind: CrawlPlan['kind']): CrawlPlan => ({
    kind,
    startUrl: baseUrl.replaceAll('{domain}', domain.canonicalDomain),
    canonicalDomain: domain.canonicalDomain,
    consentSolutionId: domain.consentSolutionId,
    consentVersion: solutionOf(domain)?.consentVersion ?? 1,
    sampleSize: options.sampleSize ?? 20,
    timeLimitMs: options.timeLimitMs ?? 60 * 60_000,
  });
  const budgetOf = (domain: DomainRow): number => Math.max(1, Math.min(domain.scanDepth, options.maxPages ?? Number.POSITIVE_INFINITY));

  /** Writes the crawl and its job; the row is answered at once, and fails if the database does. */
  const submit = (row: ScanRow | HealthCheckRow, plan: CrawlPlan, budget: number): void => {
    const work = (async () => {
      const boss = await start();
      await createCrawl(await database(), row.crawlId, plan, budget);
      await boss.send(plan.kind === 'health' ? QUEUE.health : QUEUE.scan, { crawlId: row.crawlId });
      // A worker of this process starts it now; workers elsewhere find it at their next poll.
      for (const worker of workers) worker.wake();
    })().catch((error: unknown) => {
      Object.assign(row, {
        status: 'failed',
        failure: 'error',
        failureDetail: error instanceof Error ? error.message : String(error),
        finishedAt: now().toISOString(),
      });
      if (!closed) store.write();
    });
    submissions.add(work);
    void work.finally(() => submissions.delete(work));
  };

  const jobBase = (domain: DomainRow) => ({
    crawlId: randomUUID(),
    accountId: domain.accountId,
    consentSolutionId: domain.consentSolutionId,
    domainId: domain.id,
    canonicalDomain: domain.canonicalDomain,
    status: 'queued' as const,
    failure: null,
    failureDetail: null,
    queuedAt: now().toISOString(),
    startedAt: null,
    finishedAt: null,
  });

  const enqueueScan = (domain: DomainRow, trigger: ScanRow['trigger']): ScanRow | undefined => {
    if (closed || scans().some((s) => s.domainId === domain.id && isPending(s))) return undefined;
    const budget = budgetOf(domain);
    const row: ScanRow = {
      id: store.nextId(SCANS),
      ...jobBase(domain),
      trigger,
      pagesVisited: 0,
      pagesPlanned: budget * 2,
      cookies: [],
      partial: false,
      checking: null,
      queuePosition: null,
      states: {},
      refused: [],
    };
    scans().push(row);
    store.write();
    submit(row, planOf(domain, 'scan'), budget);
    return row;
  };

  const enqueueHealthCheck = (domain: DomainRow): HealthCheckRow | undefined => {
    if (closed || healthChecks().some((h) => h.domainId === domain.id && isPending(h))) return undefined;
    const plan = planOf(domain, 'health');
    const row: HealthCheckRow = {
      id: store.nextId(HEALTH_CHECKS),
      ...jobBase(domain),
      url: plan.startUrl,
      scriptPresent: null,
      loadedFirst: null,
      bannerShown: null,
      snippet: null,
      cookiesBeforeConsent: [],
      healthy: null,
    };
    healthChecks().push(row);
    store.write();
    submit(row, plan, 1);
    return row;
  };

  const latest = <R extends { domainId: number; id: number }>(rows: R[], domainId: number): R | null =>
    rows.filter((r) => r.domainId === domainId).reduce<R | null>((best, r) => (best === null || r.id > best.id ? r : best), null);

  /** ENT-1 frequency: queue every active domain whose last scan (attempt) is older than its frequency. */
  const tick = (): number => {
    if (closed) return 0;
    let queued = 0;
    const time = now().getTime();
    for (const domain of domainRows(store)) {
      // DEPLOY-4: the schedule crawls only domains whose owner proved control.
      if (domain.scanFrequency <= 0 || !ACTIVE_STATUSES.has(domain.status) || !isDomainVerified(domain)) continue;
      const last = latest(scans(), domain.id);
      const lastAt = last ? Date.parse(last.queuedAt) : domain.lastScanAt ? Date.parse(domain.lastScanAt) : Number.NEGATIVE_INFINITY;
      if (time - lastAt < domain.scanFrequency * DAY_MS) continue;
      if (enqueueScan(domain, 'schedule')) queued += 1;
    }
    return queued;
  };

  /** The rows as the API answers them: a pending one with its crawl's live progress. */
  const live = async <R extends ScanRow | HealthCheckRow>(rows: R[]): Promise<R[]> => {
    const pending = rows.filter(isPending);
    if (pending.length === 0 || started === null) return rows.map((r) => structuredClone(r));
    const progress = await readProgress(
      await database(),
      pending.map((r) => r.crawlId),
    );
    return rows.map((r) => liveView(r, progress.get(r.crawlId)));
  };

  const workerCount = async (): Promise<number> => {
    knownWorkers = await activeWorkers(await database(), 60_000);
    return knownWorkers;
  };

  const policy = addressPolicy(options);
  /**
   * SCAN-6: the address a new domain's name resolves to, when it is one the scanner may not
   * reach (null otherwise; a name that does not resolve yet is no reason to refuse it).
   */
  const internalAddress = async (canonicalDomain: string): Promise<string | null> => {
    const start = new URL(baseUrl.replaceAll('{domain}', canonicalDomain));
    const verdict = await checkHost(policy, start.hostname, start.port === '' ? defaultPort(start.protocol) : Number(start.port));
    return verdict.ok || verdict.reason === 'unresolved' ? null : (verdict.address ?? verdict.reason);
  };

  return {
    internalAddress,
    /** Whether a scan can run: Chromium here (this process's worker), or workers reporting from elsewhere. */
    available: async (): Promise<boolean> => (inProcessWorkers > 0 ? true : (await workerCount()) > 0),
    /** Queue now (npm start): the scheduler and results need not wait for the first scan. */
    start: async (): Promise<void> => {
      await start();
    },
    status: async (): Promise<ScannerStatus> => {
      const pendingRows = [
        ...scans().map((r) => ({ kind: 'scan', row: r as ScanRow | HealthCheckRow })),
        ...healthChecks().map((r) => ({ kind: 'health', row: r })),
      ].filter((p) => isPending(p.row));
      const progress =
        started && pendingRows.length > 0
          ? await readProgress(
              await database(),
              pendingRows.map((p) => p.row.crawlId),
            )
          : new Map();
      const running = pendingRows.filter((p) => progress.get(p.row.crawlId)?.status === 'running').sort((a, b) => a.row.queuedAt.localeCompare(b.row.queuedAt));
      return {
        available: inProcessWorkers > 0 || (await workerCount()) > 0,
        running: running[0] ? `${running[0].kind}:${running[0].row.id}` : null,
        queued: pendingRows.filter((p) => (progress.get(p.row.crawlId)?.status ?? 'queued') === 'queued').length,
        workers: await workerCount(),
      };
    },
    enqueueScan,
    enqueueHealthCheck,
    /** SCAN-7: cancels the domain's waiting or running scan; the row as it is then (null: none). */
    cancelScan: async (domainId: number): Promise<ScanRow | null> => {
      const row = scans().find((s) => s.domainId === domainId && isPending(s));
      if (!row) return null;
      await Promise.allSettled([...submissions]);
      const sql = await database();
      if ((await requestCancel(sql, row.crawlId)) === 'cancelled') await applyResults(store, now, sql, row.crawlId);
      return (await live([row]))[0] ?? null;
    },
    live,
    scansOf: (domainId: number): ScanRow[] =>
      scans()
        .filter((s) => s.domainId === domainId)
        .sort((a, b) => b.id - a.id),
    latestScan: (domainId: number): ScanRow | null => latest(scans(), domainId),
    latestHealthCheck: (domainId: number): HealthCheckRow | null => latest(healthChecks(), domainId),
    /** The latest scan or health check of each of these domains (none yet: left out), with live progress. */
    latestOf: async (kind: 'scan' | 'health', domainIds: readonly number[]): Promise<(ScanRow | HealthCheckRow)[]> => {
      const rows: (ScanRow | HealthCheckRow)[] = kind === 'scan' ? scans() : healthChecks();
      return live(domainIds.map((id) => latest(rows, id)).filter((row) => row !== null));
    },
    tick,
    /** Resolves when no job waits or runs (tests). */
    idle: async (timeoutMs = 120_000): Promise<void> => {
      const until = Date.now() + timeoutMs;
      while ([...scans(), ...healthChecks()].some(isPending) || submissions.size > 0) {
        if (Date.now() > until) throw new Error('the scanner did not become idle');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    knownWorkers: (): number => knownWorkers,
    close: async (): Promise<void> => {
      closed = true;
      await Promise.allSettled([...submissions]);
      for (const worker of workers.splice(0)) await worker.stop().catch(() => undefined);
      const boss = await started?.catch(() => null);
      await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
    },
  };
};

export type Scanner = ReturnType<typeof createScanner>;
