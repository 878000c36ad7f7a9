import { z } from 'zod';
import { migrate } from '../consent-log/migrate';
import { openServer } from '../consent-log/sql';
import { startScanWorker } from './worker';

/**
 * SCAN-2: `npm run scanner`, a scanner worker in a process of its own, on this machine or any
 * other: it joins the queue in the database at DATABASE_URL (a PostgreSQL server, or the
 * embedded database an API started with EMBEDDED_DB_PORT serves: then EMBEDDED_DB_PORT alone is
 * enough here). Stops on SIGINT / SIGTERM, handing its pages in flight back to the queue.
 */

// Playwright formats a stack trace for every call it makes (to name the caller in its errors), and
// with tsx's source maps on, Node maps each frame: about a sixth of the worker's own CPU in a crawl.
// The worker's errors are logged by message; their stacks then name the transpiled lines.
process.setSourceMapsEnabled(false);

const env = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'postgres:// URL expected')
      .optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .optional(),
    EMBEDDED_DB_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    SCANNER_PAGES_AT_ONCE: z.coerce.number().int().min(1).max(64).default(8),
    SCANNER_PER_HOST: z.coerce.number().int().min(1).max(64).default(8),
    SCANNER_CRAWLS_AT_ONCE: z.coerce.number().int().min(1).max(16).default(1),
    SCANNER_QUEUE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .optional(),
    // Test-only (the test harness's fixture sites): resolver rules instead of DNS, loopback ports that stand for the internet.
    SCANNER_TEST_RESOLVER_RULES: z.string().optional(),
    SCANNER_TEST_LOOPBACK_PORTS: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .optional(),
    SCANNER_STALE_MS: z.coerce.number().int().min(500).optional(),
  })
  .parse(process.env);

const url = env.DATABASE_URL ?? (env.EMBEDDED_DB_PORT ? `postgres://postgres@127.0.0.1:${env.EMBEDDED_DB_PORT}/postgres` : undefined);
if (!url) {
  console.error(
    'Set DATABASE_URL (the PostgreSQL server the API uses), or EMBEDDED_DB_PORT (the port an API started with EMBEDDED_DB_PORT serves its embedded database on).',
  );
  process.exit(1);
}
const sql = await openServer(url, env.DATABASE_SCHEMA);
await migrate(sql);
const worker = await startScanWorker(sql, {
  crawlsAtOnce: env.SCANNER_CRAWLS_AT_ONCE,
  settings: { pagesAtOnce: env.SCANNER_PAGES_AT_ONCE, perHostLimit: env.SCANNER_PER_HOST, ...(env.SCANNER_STALE_MS ? { staleMs: env.SCANNER_STALE_MS } : {}) },
  queueSchema: env.SCANNER_QUEUE_SCHEMA,
  hostResolverRules: env.SCANNER_TEST_RESOLVER_RULES,
  allowLoopbackPorts: env.SCANNER_TEST_LOOPBACK_PORTS?.split(',').map(Number),
});
console.log(`SCANNER READY ${worker.id}`);

const stop = (): void => {
  void worker
    .stop()
    .then(() => sql.close())
    .then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
