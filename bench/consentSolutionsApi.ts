/**
 * Benchmark of the consent-solution list and search (docs/api.md "Consent solutions and
 * domains") with 10,000 solutions in one account. Not a test: run it by hand with
 *
 *   npx tsx bench/consentSolutionsApi.ts
 *
 * It seeds a temp database, starts the dev API on 127.0.0.1 (random port), measures sequential
 * latency (median and p95 over 200 requests per case) and an autocannon run of ~5 s per case,
 * prints a table and writes bench/results/consent-solutions-api.json (git-ignored).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createServer } from '../dev-server/createServer';
import { login } from '../dev-server/test/http';
import { SOLUTIONS, writeBenchDb } from './bulkSeed';

const SEQUENTIAL_REQUESTS = 200;
const WARMUP_REQUESTS = 20;
const AUTOCANNON_SECONDS = 5;
const AUTOCANNON_CONNECTIONS = 10;
const PAGE_SIZE = 25;

const resultsFile = join(dirname(fileURLToPath(import.meta.url)), 'results', 'consent-solutions-api.json');

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const round = (ms: number): number => Math.round(ms * 100) / 100;

interface Case {
  name: string;
  path: string;
}

interface CaseResult {
  case: string;
  path: string;
  rows: number;
  total: number;
  medianMs: number;
  p95Ms: number;
  autocannonReqPerSec: number;
  autocannonP50Ms: number;
  autocannonP99Ms: number;
  autocannonNon2xx: number;
}

const main = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-consent-solutions-'));
  const dbFile = join(dir, 'db.json');
  const outboxFile = join(dir, 'outbox.json');
  await writeBenchDb(dbFile, outboxFile);

  const server = createServer({ dbFile, outboxFile, corsOrigins: [], appUrl: 'http://127.0.0.1:5173', devMode: false, bcryptCost: 10 });
  const http = server.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    http.once('listening', resolve);
    http.once('error', reject);
  });
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const cookie = await login(baseUrl, 'owner@demo.test');

  const cases: Case[] = [
    { name: 'list, page 1', path: `/consent-solutions?_page=1&_limit=${PAGE_SIZE}` },
    { name: 'list, deep page (300)', path: `/consent-solutions?_page=300&_limit=${PAGE_SIZE}` },
    { name: 'list, page 1 sorted by name', path: `/consent-solutions?_page=1&_limit=${PAGE_SIZE}&_sort=name&_order=asc` },
    { name: 'search by domain (q=shop-42)', path: `/consent-solutions?_page=1&_limit=${PAGE_SIZE}&q=shop-42` },
    { name: 'search by name (q=bakery)', path: `/consent-solutions?_page=1&_limit=${PAGE_SIZE}&q=bakery` },
    { name: 'search, alias only (q=staging)', path: `/consent-solutions?_page=1&_limit=${PAGE_SIZE}&q=staging` },
  ];

  const results: CaseResult[] = [];
  try {
    for (const c of cases) {
      const url = `${baseUrl}${c.path}`;
      let rows = 0;
      let total = 0;
      const timings: number[] = [];
      for (let i = 0; i < WARMUP_REQUESTS + SEQUENTIAL_REQUESTS; i += 1) {
        const start = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const body = (await res.json()) as unknown[];
        const elapsed = performance.now() - start;
        if (res.status !== 200) throw new Error(`${c.path} answered ${res.status}`);
        rows = body.length;
        total = Number(res.headers.get('x-total-count'));
        if (i >= WARMUP_REQUESTS) timings.push(elapsed);
      }
      timings.sort((a, b) => a - b);

      const load = await autocannon({
        url,
        headers: { cookie },
        connections: AUTOCANNON_CONNECTIONS,
        duration: AUTOCANNON_SECONDS,
      });
      results.push({
        case: c.name,
        path: c.path,
        rows,
        total,
        medianMs: round(percentile(timings, 50)),
        p95Ms: round(percentile(timings, 95)),
        autocannonReqPerSec: Math.round(load.requests.average),
        autocannonP50Ms: load.latency.p50,
        autocannonP99Ms: load.latency.p99,
        autocannonNon2xx: load.non2xx + load.errors,
      });
    }
  } finally {
    await new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`Consent solutions API, ${SOLUTIONS} solutions in one account, Node ${process.version}`);
  console.log(
    `Sequential: ${SEQUENTIAL_REQUESTS} requests after ${WARMUP_REQUESTS} warm-up; autocannon: ${AUTOCANNON_CONNECTIONS} connections, ${AUTOCANNON_SECONDS} s`,
  );
  console.table(
    results.map((r) => ({
      case: r.case,
      rows: r.rows,
      'X-Total-Count': r.total,
      'median ms': r.medianMs,
      'p95 ms': r.p95Ms,
      'req/s': r.autocannonReqPerSec,
      'load p50 ms': r.autocannonP50Ms,
      'load p99 ms': r.autocannonP99Ms,
      'non-2xx': r.autocannonNon2xx,
    })),
  );
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        solutions: SOLUTIONS,
        sequentialRequests: SEQUENTIAL_REQUESTS,
        autocannon: { connections: AUTOCANNON_CONNECTIONS, seconds: AUTOCANNON_SECONDS },
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Written to ${resultsFile}`);
};

await main();
