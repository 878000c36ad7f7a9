/**
 * Benchmark of the cookie list (docs/api.md "Cookies") with 5,000 cookies in one consent
 * solution, the grid's queries: pages, sorts, a category filter and a name search. Not a
 * test: run it by hand with
 *
 *   npx tsx bench/cookiesApi.ts
 *
 * It seeds a temp database, starts the dev API on 127.0.0.1 (random port), measures sequential
 * latency (median and p95 over 200 requests per case) and an autocannon run of ~3 s per case,
 * prints a table and writes bench/results/cookies-api.json (git-ignored).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { COOKIE_CATEGORIES } from '../src/schemas/cookie';
import { createServer } from '../dev-server/createServer';
import { buildSeedState } from '../dev-server/seed';
import { writeJsonAtomic } from '../dev-server/store/jsonFile';
import type { CookieRow } from '../dev-server/store/types';
import { login } from '../dev-server/test/http';

const COOKIES = 5_000;
const ACCOUNT_ID = 1; // Demo Shop, owner@demo.test
const SOLUTION_ID = 1; // its "Demo Shop" solution
const SEQUENTIAL_REQUESTS = 200;
const WARMUP_REQUESTS = 20;
const AUTOCANNON_SECONDS = 3;
const AUTOCANNON_CONNECTIONS = 10;
const PAGE_SIZE = 25;
/** What "responsive" means here: a grid page answers within this median. */
const BUDGET_MEDIAN_MS = 50;

const resultsFile = join(dirname(fileURLToPath(import.meta.url)), 'results', 'cookies-api.json');

const bulkCookies = (now: string): CookieRow[] =>
  Array.from({ length: COOKIES }, (_, index) => {
    const category = COOKIE_CATEGORIES[index % COOKIE_CATEGORIES.length] ?? 'unclassified';
    const needsProcessor = category === 'statistics' || category === 'marketing';
    return {
      id: index + 1,
      accountId: ACCOUNT_ID,
      consentSolutionId: SOLUTION_ID,
      name: `cookie_${index + 1}`,
      domain: `.tracker-${index % 97}.com`,
      category,
      purpose: { en: `Purpose of cookie ${index + 1}`, fr: index % 3 === 0 ? '' : `Finalité ${index + 1}` },
      expiryDays: index % 4 === 0 ? null : (index % 365) + 1,
      dataProcessor: needsProcessor ? { name: `Processor ${index % 40}`, privacyPolicyUrl: `https://processor-${index % 40}.com/privacy` } : null,
      source: index % 5 === 0 ? 'manual' : 'scanner',
      firstSeen: now,
      lastSeen: now,
      createdAt: now,
      updatedAt: now,
    };
  });

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const round = (ms: number): number => Math.round(ms * 100) / 100;

const main = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cookies-'));
  const dbFile = join(dir, 'db.json');
  const outboxFile = join(dir, 'outbox.json');
  const state = await buildSeedState({ bcryptCost: 10 });
  writeJsonAtomic(dbFile, { ...state, cookies: bulkCookies(new Date().toISOString()) });
  writeJsonAtomic(outboxFile, []);

  const server = createServer({ dbFile, outboxFile, corsOrigins: [], appUrl: 'http://127.0.0.1:5173', devMode: false, bcryptCost: 10 });
  const http = server.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    http.once('listening', resolve);
    http.once('error', reject);
  });
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const cookie = await login(baseUrl, 'owner@demo.test');

  const list = `/cookies?consentSolutionId=${SOLUTION_ID}&_page`;
  const cases = [
    { name: 'page 1 by name', path: `${list}=1&_limit=${PAGE_SIZE}&_sort=name&_order=ASC` },
    { name: 'deep page (150) by name', path: `${list}=150&_limit=${PAGE_SIZE}&_sort=name&_order=ASC` },
    { name: 'page 1 by last seen, desc', path: `${list}=1&_limit=${PAGE_SIZE}&_sort=lastSeen&_order=DESC` },
    { name: 'category marketing', path: `${list}=1&_limit=${PAGE_SIZE}&_sort=name&_order=ASC&category=marketing` },
    { name: 'search q=cookie_42', path: `${list}=1&_limit=${PAGE_SIZE}&_sort=name&_order=ASC&q=cookie_42` },
    { name: '100 per page', path: `${list}=1&_limit=100&_sort=domain&_order=ASC` },
    { name: 'completeness matrix', path: `/consent-solutions/${SOLUTION_ID}/translations/completeness` },
  ];

  const results: Record<string, unknown>[] = [];
  let overBudget = 0;
  try {
    for (const c of cases) {
      const url = `${baseUrl}${c.path}`;
      let total = '';
      const timings: number[] = [];
      for (let i = 0; i < WARMUP_REQUESTS + SEQUENTIAL_REQUESTS; i += 1) {
        const start = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        await res.arrayBuffer();
        const elapsed = performance.now() - start;
        if (res.status !== 200) throw new Error(`${c.path} answered ${res.status}`);
        total = res.headers.get('x-total-count') ?? '';
        if (i >= WARMUP_REQUESTS) timings.push(elapsed);
      }
      timings.sort((a, b) => a - b);
      const load = await autocannon({ url, headers: { cookie }, connections: AUTOCANNON_CONNECTIONS, duration: AUTOCANNON_SECONDS });
      const median = round(percentile(timings, 50));
      if (median > BUDGET_MEDIAN_MS) overBudget += 1;
      results.push({
        case: c.name,
        'X-Total-Count': total,
        'median ms': median,
        'p95 ms': round(percentile(timings, 95)),
        'req/s': Math.round(load.requests.average),
        'load p99 ms': load.latency.p99,
        'non-2xx': load.non2xx + load.errors,
      });
    }
  } finally {
    await new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`Cookies API, ${COOKIES} cookies in one consent solution, Node ${process.version}; budget: median ≤ ${BUDGET_MEDIAN_MS} ms`);
  console.table(results);
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cookies: COOKIES, budgetMedianMs: BUDGET_MEDIAN_MS, results }, null, 2)}\n`,
  );
  if (overBudget > 0) {
    console.error(`${overBudget} case(s) over the ${BUDGET_MEDIAN_MS} ms median budget`);
    process.exitCode = 1;
  }
};

await main();
