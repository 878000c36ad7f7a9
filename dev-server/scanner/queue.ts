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

const adapter = (sql: SqlClient): PgBoss.Db => ({
  // pg-boss's typed signature; its values are plain JSON-able parameters.
  executeSql: async (text: string, values: unknown[]) => ({ rows: values && values.length > 0 ? await sql.query(text, values) : await sql.exec(text) }),
});

export const openQueue = async (sql: SqlClient, options: QueueOptions): Promise<PgBoss> => {
  const worker = options.role === 'worker';
  // The embedded database's own process talks to it directly; other processes (and servers) through a pool.
  const connection: PgBoss.ConstructorOptions = sql.backend === 'embedded' || sql.url === null ? { db: adapter(sql) } : { connectionString: sql.url, max: 4 };
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
    if (await boss.getQueue(name)) continue;
    try {
      await boss.createQueue(name, {
        name,
        // A crawl resumes from its frontier (SCAN-1), never from a retried job: a dead worker's
        // job is taken over by another worker's orphan check, not by pg-boss's retry.
        retryLimit: name === QUEUE.finished ? 5 : 0,
        expireInHours: 23,
      });
    } catch (error) {
      // Another process created it meanwhile.
      if (!(await boss.getQueue(name))) throw error;
    }
  }
  return boss;
};
