import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Browser } from 'playwright-core';
import type { SqlClient } from '../consent-log/sql';
import { addressPolicy } from './addressGuard';
import { findScannerChromium, launchScannerChromium, scannerLaunch, scannerNice, withoutSandbox } from './chromium';
import { runCrawl, type CrawlSettings } from './crawlRunner';
import { openQueue, QUEUE, type CrawlJob } from './queue';
import type { PageEvidence } from './types';

/**
 * SCAN-2: a scanner worker: one Chromium, crawls taken from the queue, a heartbeat. `npm start`
 * runs one inside the API's process, `npm run scanner` one per process on any machine; they
 * share the queue and each crawl's frontier. A worker also adopts crawls whose workers went
 * silent (killed, machine lost): it queues them again and they resume from their frontier.
 */

export interface WorkerOptions {
  chromiumPath?: string;
  /** Test-only resolver rules (see addressGuard.ts). */
  hostResolverRules?: string;
  /** Test-only: loopback ports that count as the internet. */
  allowLoopbackPorts?: readonly number[];
  /** Crawls one worker runs at once (each with `pagesAtOnce` pages). */
  crawlsAtOnce?: number;
  settings?: Partial<CrawlSettings>;
  /** pg-boss's schema (tests on a shared server). */
  queueSchema?: string;
  heartbeatMs?: number;
  now?: () => Date;
  onPage?: (evidence: PageEvidence) => void;
  /** A crawl ended and its "scan-finished" job was sent (an API in this process takes it at once). */
  onFinished?: () => void;
  log?: (line: string) => void;
}

export const DEFAULT_CRAWL_SETTINGS: CrawlSettings = {
  pagesAtOnce: 8,
  helpersPerCrawl: 7,
  perHostLimit: 8,
  pageTimeoutMs: 15_000,
  quietMs: 100,
  settleCapMs: 1_500,
  staleMs: 15_000,
};

export interface ScanWorker {
  id: string;
  /** A job was just sent from this process: fetch it now rather than at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

export const startScanWorker = async (sql: SqlClient, options: WorkerOptions = {}): Promise<ScanWorker> => {
  const executablePath = findScannerChromium(options.chromiumPath);
  if (!executablePath) throw new Error('Chromium not found: the scanner worker needs it (set CHROMIUM_PATH)');
  const log = options.log ?? ((line: string) => console.log(`[scanner] ${line}`));
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const settings = { ...DEFAULT_CRAWL_SETTINGS, ...options.settings };
  const heartbeatMs = options.heartbeatMs ?? Math.max(500, Math.min(5_000, settings.staleMs / 3));
  const launch = scannerLaunch();
  if (launch.note) log(launch.note);
  // A wrong SCANNER_NICE stops the worker at its start, not at its first crawl.
  const nice = scannerNice();
  const stopping = new AbortController();
  const active = new Set<string>();

  let browser: Promise<Browser> | null = null;
  const getBrowser = (): Promise<Browser> => {
    browser ??= (async () => {
      let launched: Browser;
      try {
        launched = await launchScannerChromium(executablePath, launch.args, nice);
      } catch (error) {
        if (!launch.sandbox) throw error;
        log(`Chromium did not start with its sandbox (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): running without it`);
        launched = await launchScannerChromium(executablePath, withoutSandbox(launch.args), nice);
      }
      launched.on('disconnected', () => {
        browser = null;
      });
      return launched;
    })();
    browser.catch(() => {
      browser = null;
    });
    return browser;
  };

  await sql.query(
    `INSERT INTO scan_workers (id, host, pid, sandbox) VALUES ($1, $2, $3::int, $4::boolean)
     ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
    [id, hostname(), process.pid, launch.sandbox],
  );
  const boss: PgBoss = await openQueue(sql, { role: 'worker', schema: options.queueSchema });
  const ctx = {
    workerId: id,
    sql,
    boss,
    browser: getBrowser,
    policy: addressPolicy(options),
    settings,
    now: options.now ?? (() => new Date()),
    stopping: stopping.signal,
    onPage: options.onPage,
    onFinished: options.onFinished,
  };

  const run = async (job: PgBoss.Job<CrawlJob>): Promise<void> => {
    // A crawl runs once per worker: a second run would load its pages beside the first, with a page pool and a per-host count of its own.
    if (active.has(job.data.crawlId)) return;
    active.add(job.data.crawlId);
    try {
      await runCrawl(ctx, job.data.crawlId);
    } catch (error) {
      log(`crawl ${job.data.crawlId}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      active.delete(job.data.crawlId);
    }
  };

  const beat = async (): Promise<void> => {
    await sql.query('UPDATE scan_workers SET heartbeat_at = now() WHERE id = $1', [id]);
    if (active.size > 0)
      await sql.query('UPDATE scan_crawls SET heartbeat_at = now() WHERE id IN (SELECT (jsonb_array_elements_text($1::text::jsonb))::uuid)', [
        JSON.stringify([...active]),
      ]);
    // Crawls nobody has reported on for a while lost their workers: queue them again.
    const orphans = await sql.query<{ id: string; kind: 'scan' | 'health' }>(
      `UPDATE scan_crawls SET heartbeat_at = now() WHERE status = 'running' AND heartbeat_at < now() - ($1::int * interval '1 millisecond')
       RETURNING id::text AS id, kind`,
      [settings.staleMs],
    );
    for (const orphan of orphans) {
      log(`crawl ${orphan.id} lost its worker: resuming it from its frontier`);
      await boss.send(orphan.kind === 'health' ? QUEUE.health : QUEUE.scan, { crawlId: orphan.id });
    }
  };
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating.then(beat).catch((error: unknown) => log(`heartbeat: ${error instanceof Error ? error.message : String(error)}`));
  }, heartbeatMs);

  const workOptions = { batchSize: 1, pollingIntervalSeconds: 0.5 };
  const fetchers: string[] = [];
  for (let i = 0; i < Math.max(1, options.crawlsAtOnce ?? 1); i += 1) {
    fetchers.push(
      await boss.work<CrawlJob>(QUEUE.scan, workOptions, async ([job]) => {
        if (job) await run(job);
      }),
    );
  }
  fetchers.push(
    await boss.work<CrawlJob>(QUEUE.health, workOptions, async ([job]) => {
      if (job) await run(job);
    }),
  );
  log(`worker ${id} ready (${settings.pagesAtOnce} pages at once, sandbox ${launch.sandbox ? 'on' : 'off'})`);

  return {
    id,
    wake: () => {
      for (const fetcher of fetchers) boss.notifyWorker(fetcher);
    },
    stop: async () => {
      stopping.abort();
      clearInterval(timer);
      await beating;
      // Running crawls hand their pages back and stay running: another worker resumes them.
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      const current = browser;
      browser = null;
      await (await current?.catch(() => null))?.close().catch(() => undefined);
      await sql.query('DELETE FROM scan_workers WHERE id = $1', [id]).catch(() => undefined);
    },
  };
};
