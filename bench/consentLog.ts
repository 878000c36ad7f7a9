/**
 * The consent log's figures (LOG-1..LOG-3), part of `npm run bench` (bench/run.ts) and
 * runnable alone: `npx tsx bench/consentLog.ts`. On 127.0.0.1, the dev API in a child process
 * (bench/consentLogServer.ts), as `npm run api` runs it, so that the load generator does not
 * share its event loop:
 *
 * 1. Ingest: POST /consent/{csId}/records at 1,000 records/s for BENCH_INGEST_SECONDS (60) from
 *    50 connections (autocannon, fixed rate): p50/p99, errors; meanwhile the admin's
 *    consent-solution list (Demo Shop's, the seed) at 5 requests/s, p99 beside its idle figure.
 * 2. Size: BENCH_RECORDS (default 1,000,000) records in one account, generated in SQL, then
 *    through the HTTP API: the 90-day dashboard, proof look-ups by consent id (random ids),
 *    and the export of every record (CSV) in rows/s with the API process's peak memory growth.
 *
 * Embedded PGlite always; a PostgreSQL server as well when DATABASE_URL is set (a fresh schema,
 * dropped after). Writes bench/results/consent-log.json (git-ignored).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { CreateServerOptions } from '../dev-server/createServer';
import { migrate } from '../dev-server/consent-log/migrate';
import { openEmbedded, openServer, type SqlClient } from '../dev-server/consent-log/sql';
import { login } from '../dev-server/test/http';
import { seedDbFile } from '../dev-server/seed';
import { BENCH_BCRYPT_COST } from './bulkSeed';
import type { ServerOp, ServerReply } from './consentLogServer';

const RESULTS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'results', 'consent-log.json');
const INGEST_RATE = 1000;
const INGEST_CONNECTIONS = 50;
const INGEST_SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 60);
const ADMIN_RATE = 5;
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
/**
 * A folder that keeps the embedded database between runs (BENCH_CONSENT_LOG_DATA): 10 million
 * records take most of half an hour to generate here, the measurements a few minutes.
 */
const KEPT_DATA = process.env.BENCH_CONSENT_LOG_DATA;
/** The export measured: the newest days that hold about a million records (one a second). */
const EXPORT_RECORDS = 1_000_000;
const EXPORT_DAYS = Math.ceil(EXPORT_RECORDS / 86_400);
const LOOKUPS = 200;
/** Look-ups before the measured ones, as for the dashboard: the first pay for cold caches and code paths. */
const LOOKUP_WARM_UP = 5;
const DASHBOARD_RUNS = 20;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};
const round = (value: number): number => Math.round(value * 10) / 10;
const mb = (bytes: number): number => Math.round(bytes / 1024 / 102.4) / 10;

type Backend = { name: 'embedded PGlite'; dataDir: string } | { name: 'PostgreSQL server'; url: string; schema: string };

const clientFor = (backend: Backend): Promise<SqlClient> =>
  backend.name === 'embedded PGlite' ? openEmbedded(backend.dataDir) : openServer(backend.url, backend.schema);

/**
 * The bench's records, generated once (kept with BENCH_CONSENT_LOG_DATA); returns random
 * consent ids for the proof look-ups.
 */
const seedRecords = async (backend: Backend, count: number): Promise<string[]> => {
  const sql = await clientFor(backend);
  const marker = backend.name === 'embedded PGlite' ? join(backend.dataDir, 'bench-seeded.json') : undefined;
  const seeded = marker !== undefined && existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { records: number }).records === count;
  try {
    await migrate(sql);
    if (!seeded) await generateRecords(sql, count);
    if (marker !== undefined) writeFileSync(marker, JSON.stringify({ records: count }));
    return (
      await sql.query<{ id: string }>(`SELECT id::text AS id FROM consent_records TABLESAMPLE SYSTEM (1) ORDER BY random() LIMIT ${LOOKUP_WARM_UP + LOOKUPS}`)
    ).map((r) => r.id);
  } finally {
    await sql.close();
  }
};

/**
 * Records for account 1 on its three first solutions, one a second back from now, generated in
 * SQL (10M through HTTP would take hours), with their roll-ups built as ingest keeps them.
 */
const generateRecords = async (sql: SqlClient, count: number): Promise<void> => {
  const chunk = 250_000;
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk);
    await sql.query(
      `INSERT INTO consent_records (id, account_id, consent_solution_id, anonymous_id, action, categories, consent_version, decided_at, received_at, domain, language)
       SELECT gen_random_uuid(), 1, 1 + i % 3, md5(i::text),
         CASE i % 4 WHEN 1 THEN 'decline' WHEN 2 THEN 'save' ELSE 'accept' END,
         CASE i % 4 WHEN 1 THEN ARRAY['necessary'] WHEN 2 THEN ARRAY['necessary', 'statistics'] ELSE ARRAY['necessary', 'functional', 'statistics', 'marketing'] END,
         1, now() - (i % 31536000) * interval '1 second', now() - (i % 31536000) * interval '1 second', 'demo-shop.com', 'en'
       FROM generate_series($1::int, $2::int - 1) AS i`,
      [start, end],
    );
    process.stdout.write(`  ${end.toLocaleString('en')} records\r`);
  }
  await sql.query('DELETE FROM consent_daily');
  await sql.query(
    `INSERT INTO consent_daily (consent_solution_id, day, account_id, accept, decline, save, shared, necessary, functional, statistics, marketing)
     SELECT consent_solution_id, (decided_at AT TIME ZONE 'UTC')::date, min(account_id),
       count(*) FILTER (WHERE action = 'accept'), count(*) FILTER (WHERE action = 'decline'), count(*) FILTER (WHERE action = 'save'), count(*) FILTER (WHERE action = 'shared'),
       count(*) FILTER (WHERE 'necessary' = ANY (categories)), count(*) FILTER (WHERE 'functional' = ANY (categories)),
       count(*) FILTER (WHERE 'statistics' = ANY (categories)), count(*) FILTER (WHERE 'marketing' = ANY (categories))
     FROM consent_records GROUP BY 1, 2`,
  );
  await sql.script('ANALYZE');
};

interface BackendFigures {
  backend: string;
  ingest: {
    ratePerSec: number;
    connections: number;
    seconds: number;
    achievedPerSec: number;
    p50Ms: number;
    p99Ms: number;
    errors: number;
    non2xx: number;
    batches: number;
    recordsPerBatch: number;
  };
  adminList: { idleP99Ms: number; duringIngestP99Ms: number; idleP50Ms: number; duringIngestP50Ms: number };
  size: { records: number; seedSeconds: number };
  dashboard90Days: { medianMs: number; p95Ms: number; maxMs: number };
  proofLookup: { medianMs: number; p95Ms: number; p99Ms: number };
  export: { rows: number; seconds: number; rowsPerSec: number; liveHeapGrowthMB: number; peakRssGrowthMB: number; gcSampled: boolean };
}

interface IngestStats {
  batches: number;
  rows: number;
}
interface Memory {
  heap: number;
  rss: number;
}
interface BenchServer {
  port: number;
  call(op: ServerOp): Promise<unknown>;
  stop(): Promise<void>;
}

/** The dev API in a child process (bench/consentLogServer.ts), driven over IPC. */
const startServer = async (options: CreateServerOptions): Promise<BenchServer> => {
  const child = fork(fileURLToPath(new URL('./consentLogServer.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_SERVER_OPTIONS: JSON.stringify(options) },
  });
  const calls = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench's API exited with ${code}`)));
    child.on('message', (reply: ServerReply) => {
      if (reply.port !== undefined) return resolve(reply.port);
      const call = reply.id === undefined ? undefined : calls.get(reply.id);
      if (!call || reply.id === undefined) return;
      calls.delete(reply.id);
      if (reply.error !== undefined) call.reject(new Error(reply.error));
      else call.resolve(reply.result);
    });
  });
  const call = (op: ServerOp): Promise<unknown> =>
    new Promise((resolve, reject) => {
      next += 1;
      calls.set(next, { resolve, reject });
      child.send({ id: next, op });
    });
  return {
    port,
    call,
    stop: async () => {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      await call('exit').catch(() => undefined);
      await exited;
    },
  };
};

const timed = async (fn: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

const runBackend = async (backend: Backend, dir: string): Promise<BackendFigures> => {
  console.log(`\nConsent log on ${backend.name}`);
  const dbFile = join(dir, `${backend.name === 'embedded PGlite' ? 'embedded' : 'server'}.json`);
  await seedDbFile(dbFile, { bcryptCost: BENCH_BCRYPT_COST, outboxFile: join(dir, 'outbox.json') });
  const consentLog = backend.name === 'embedded PGlite' ? { dataDir: backend.dataDir } : { databaseUrl: backend.url, schema: backend.schema };
  const server = await startServer({
    dbFile,
    outboxFile: join(dir, 'outbox.json'),
    corsOrigins: [],
    appUrl: 'http://127.0.0.1:5173',
    devMode: false,
    bcryptCost: BENCH_BCRYPT_COST,
    loginThrottle: { perPair: 1_000_000, perAccount: 1_000_000, perAddress: 1_000_000 },
    consentLog,
    // Every simulated visitor comes from 127.0.0.1: the per-address limit is lifted, the per-solution one kept.
    consentRecordLimits: { perAddress: 100_000_000 },
  });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const cookie = await login(base, 'owner@demo.test');
    const adminList = { url: `${base}/consent-solutions?_page=1&_limit=25&_sort=name&_order=asc`, headers: { cookie } };
    // Warm-up: the first requests pay for compiling the code paths.
    await autocannon({ ...adminList, connections: 1, amount: 20 });

    console.log(`  admin list idle, ${ADMIN_RATE}/s for 10 s…`);
    const idle = await autocannon({ ...adminList, connections: 1, overallRate: ADMIN_RATE, duration: 10 });
    console.log(`  ingest ${INGEST_RATE}/s from ${INGEST_CONNECTIONS} connections for ${INGEST_SECONDS} s, admin list meanwhile…`);
    const before = (await server.call('stats')) as IngestStats;
    const [ingest, during] = await Promise.all([
      autocannon({
        url: `${base}/consent/1/records`,
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com' },
        body: JSON.stringify({
          anonymousId: 'bench-visitor-0000000001',
          action: 'accept',
          categories: ['functional', 'statistics'],
          consentVersion: 1,
          language: 'en',
        }),
        connections: INGEST_CONNECTIONS,
        // Its own thread: the admin list's probe below must not wait behind 1,000 answers a second in this one.
        workers: 1,
        overallRate: INGEST_RATE,
        duration: INGEST_SECONDS,
      }),
      autocannon({ ...adminList, connections: 1, overallRate: ADMIN_RATE, duration: INGEST_SECONDS }),
    ]);
    const after = (await server.call('stats')) as IngestStats;
    const batches = after.batches - before.batches;

    console.log(`  seeding ${RECORDS.toLocaleString('en')} records in SQL…`);
    const seedStart = performance.now();
    // The embedded database is one process's: the server lets go of it while the bench seeds.
    if (backend.name === 'embedded PGlite') {
      // Requests autocannon left in flight at its deadline land first.
      await new Promise((done) => setTimeout(done, 2000));
      await server.call('closeLog');
    }
    const ids = await seedRecords(backend, RECORDS);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    await server.call('openLog');

    console.log('  dashboard, proof look-ups, export…');
    const dashboard: number[] = [];
    for (let i = 0; i < DASHBOARD_RUNS + 2; i += 1) {
      const ms = await timed(async () => {
        const res = await fetch(`${base}/reports/compliance`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`dashboard ${res.status}`);
        await res.arrayBuffer();
      });
      if (i >= 2) dashboard.push(ms);
    }
    const lookups: number[] = [];
    for (const [i, id] of ids.entries()) {
      const ms = await timed(async () => {
        const res = await fetch(`${base}/consent-records/${id}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`proof ${res.status}`);
        await res.arrayBuffer();
      });
      if (i >= LOOKUP_WARM_UP) lookups.push(ms);
    }

    // The API's live memory: its heap after a full collection (the server runs with
    // --expose-gc), sampled every second of the export; peak heap before collection would
    // count garbage.
    const memory = async (): Promise<Memory> => (await server.call('memory')) as Memory;
    const base0 = await memory();
    let peakHeap = base0.heap;
    let peakRss = base0.rss;
    let sampling = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = sampling.then(async () => {
        const now = await memory();
        peakHeap = Math.max(peakHeap, now.heap);
        peakRss = Math.max(peakRss, now.rss);
      });
    }, 1000);
    const exportStart = performance.now();
    const from = new Date(Date.now() - EXPORT_DAYS * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${base}/consent-records/export?format=csv&from=${from}`, { headers: { cookie } });
    let newlines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
    }
    const exportSeconds = (performance.now() - exportStart) / 1000;
    clearInterval(sampler);
    await sampling;
    const rows = newlines - 1;

    return {
      backend: backend.name,
      ingest: {
        ratePerSec: INGEST_RATE,
        connections: INGEST_CONNECTIONS,
        seconds: INGEST_SECONDS,
        achievedPerSec: round(ingest.requests.average),
        p50Ms: ingest.latency.p50,
        p99Ms: ingest.latency.p99,
        errors: ingest.errors + ingest.timeouts,
        non2xx: ingest.non2xx,
        batches,
        recordsPerBatch: round((after.rows - before.rows) / Math.max(1, batches)),
      },
      adminList: { idleP50Ms: idle.latency.p50, idleP99Ms: idle.latency.p99, duringIngestP50Ms: during.latency.p50, duringIngestP99Ms: during.latency.p99 },
      size: { records: RECORDS, seedSeconds: Math.round(seedSeconds) },
      dashboard90Days: { medianMs: round(percentile(dashboard, 50)), p95Ms: round(percentile(dashboard, 95)), maxMs: round(Math.max(...dashboard)) },
      proofLookup: { medianMs: round(percentile(lookups, 50)), p95Ms: round(percentile(lookups, 95)), p99Ms: round(percentile(lookups, 99)) },
      export: {
        rows,
        seconds: round(exportSeconds),
        rowsPerSec: Math.round(rows / exportSeconds),
        liveHeapGrowthMB: mb(peakHeap - base0.heap),
        peakRssGrowthMB: mb(peakRss - base0.rss),
        gcSampled: true,
      },
    };
  } finally {
    await server.stop();
  }
};

export const consentLogBench = async (): Promise<BackendFigures[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-consent-log-'));
  const figures: BackendFigures[] = [];
  try {
    figures.push(await runBackend({ name: 'embedded PGlite', dataDir: KEPT_DATA ?? join(dir, 'consent-log') }, dir));
    const url = process.env.DATABASE_URL;
    if (url) {
      const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      try {
        figures.push(await runBackend({ name: 'PostgreSQL server', url, schema }, dir));
      } finally {
        const sql = await openServer(url);
        await sql.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await sql.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`);

  const column = (f: BackendFigures) => ({
    [`ingest ${f.ingest.ratePerSec}/s × ${f.ingest.seconds} s, ${f.ingest.connections} conns: achieved/s`]: f.ingest.achievedPerSec,
    'ingest p50 / p99 ms (≤ 50)': `${f.ingest.p50Ms} / ${f.ingest.p99Ms}`,
    'ingest errors + non-2xx (0)': f.ingest.errors + f.ingest.non2xx,
    'records per transaction': f.ingest.recordsPerBatch,
    'admin list p99 ms idle → during ingest (≤ +10)': `${f.adminList.idleP99Ms} → ${f.adminList.duringIngestP99Ms}`,
    'records in the account': f.size.records.toLocaleString('en'),
    '90-day dashboard median / p95 ms (≤ 200)': `${f.dashboard90Days.medianMs} / ${f.dashboard90Days.p95Ms}`,
    'proof look-up median / p99 ms (≤ 10)': `${f.proofLookup.medianMs} / ${f.proofLookup.p99Ms}`,
    'export rows/s (≥ 50,000)': f.export.rowsPerSec.toLocaleString('en'),
    'export live heap / peak RSS growth MB': `${f.export.gcSampled ? f.export.liveHeapGrowthMB : 'n/a (no --expose-gc)'} / ${f.export.peakRssGrowthMB}`,
  });
  console.log('\nConsent log (LOG-2, LOG-3)');
  const rows = figures.map(column);
  const table: Record<string, Record<string, string | number>> = {};
  for (const key of Object.keys(rows[0] ?? {})) table[key] = Object.fromEntries(figures.map((f, i) => [f.backend, rows[i]?.[key] ?? '']));
  console.table(table);
  console.log(`Written to bench/results/consent-log.json`);
  return figures;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await consentLogBench();
