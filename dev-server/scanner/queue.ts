import PgBoss from 'pg-boss';
import type { SqlClient } from '../consent-log/sql';

/**
 * SCAN-2: the scanner's job queue is pg-boss's, in the scanner's PostgreSQL database: the
 * embedded one through the same connection as the consent log (pg-boss's `db` adapter), or a
 * server (and the embedded database's socket) through pg-boss's own pool. Workers on any
 * machine fetch from it with SKIP LOCKED; the API sends jobs and takes the finished ones.
 */

export const QUEUE = {
  /** A crawl to run (or join: a crawl may be worked on by several jobs at once). */
  scan: 'scan',
  /** An installation health check (BEYOND-8). */
  health: 'health-check',
  /** A crawl ended: the API copies its results into the admin's data. */
  finished: 'scan-finished',
  /** Every minute, from pg-boss's cron: the API queues the domains whose frequency says a scan is due. */
  schedule: 'scan-schedule',
} as const;

export interface CrawlJob {
  crawlId: string;
}

export interface QueueOptions {
  /** `api` sends and takes results; `worker` also runs pg-boss's maintenance and cron. */
  role: 'api' | 'worker';
  /** pg-boss's schema (default `pgboss`); tests on a shared server use one of their own. */
  schema?: string;
}

/** pg-boss on one of our SQL clients (the embedded database's one connection). */
export const queueDb = (sql: SqlClient): PgBoss.Db => ({
  // pg-boss's typed signature; its values are plain JSON-able parameters.
  executeSql: async (text: string, values: unknown[]) => ({ rows: values && values.length > 0 ? await sql.query(text, values) : await sql.exec(text) }),
});

/**
 * A job's handler may run this long: pg-boss fails a job whose handler takes longer and its worker
 * then fetches the next job while the crawl goes on (a second crawl, or the same crawl a second
 * time with its own pages and renderers). Unset, that is 15 minutes, shorter than a deep crawl;
 * 23 hours, under pg-boss's limit of 24. In seconds: pg-boss 10's createQueue drops
 * `expireInHours` without a word.
 */
export const JOB_EXPIRY_SECONDS = 23 * 3_600;

/** A crawl resumes from its frontier (SCAN-1), never from a retried job: a dead worker's job is taken over by another worker's orphan check, not by pg-boss's retry. */
const queueOptions = (name: string): { name: string; retryLimit: number; expireInSeconds: number } => ({
  name,
  retryLimit: name === QUEUE.finished ? 5 : 0,
  expireInSeconds: JOB_EXPIRY_SECONDS,
});

export const openQueue = async (sql: SqlClient, options: QueueOptions): Promise<PgBoss> => {
  const worker = options.role === 'worker';
  // The embedded database's own process talks to it directly; other processes (and servers) through a pool.
  const connection: PgBoss.ConstructorOptions = sql.backend === 'embedded' || sql.url === null ? { db: queueDb(sql) } : { connectionString: sql.url, max: 4 };
  const boss = new PgBoss({
    ...connection,
    schema: options.schema ?? 'pgboss',
    application_name: `scanner-${options.role}`,
    supervise: worker,
    schedule: worker,
    migrate: true,
  });
  boss.on('error', (error: Error) => console.error(`[scanner queue] ${error.message}`));
  await boss.start();
  for (const name of Object.values(QUEUE)) {
    const wanted = queueOptions(name);
    const existing = await boss.getQueue(name);
    if (existing) {
      // A queue made before its options changed (the 15-minute expiry of JOB_EXPIRY_SECONDS) is brought up to them.
      if (existing.expireInSeconds !== wanted.expireInSeconds || existing.retryLimit !== wanted.retryLimit) await boss.updateQueue(name, wanted);
      continue;
    }
    try {
      await boss.createQueue(name, wanted);
    } catch (error) {
      // Another process created it meanwhile.
      if (!(await boss.getQueue(name))) throw error;
    }
  }
  return boss;
};
