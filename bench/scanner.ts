/**
 * The scanner's figures (SCAN-1..SCAN-3, SCAN-8), part of `npm run bench` (bench/run.ts,
 * `BENCH_ONLY=scanner`) and runnable alone: `npx tsx bench/scanner.ts`. On 127.0.0.1 only:
 * fixture sites generated in a process of their own (bench/siteProcess.ts; each page sets a
 * cookie by script, writes localStorage and loads a pixel from a third-party host name; every page
 * is in the site's sitemap), the dev API
 * with the product's own createServer and its embedded database served on a loopback port, and
 * scanner workers as `npm run scanner` processes with their production settings, so that a
 * worker's memory is its own (its Node process and its Chromium, summed from /proc).
 *
 * 1. Depth 500 of a 600-page site, one worker: seconds, pages/s and page loads/s per worker,
 *    each consent state's pages, the cookies found and the state they were found in.
 * 2. Depth 15,000 of a 16,000-page site (BENCH_SCAN_PAGES shortens it: depth is 15/16 of the
 *    site), one worker, then two workers side by side: "before" and "accept" on every page,
 *    "reject" and GPC on the sample (BENCH_SCAN_SAMPLE pages, printed); the pages each worker
 *    visited; worker memory every 1,000 pages (RSS summed, and RSS / PSS by kind of process); the
 *    admin's list p99 idle and while crawling, and the API's event-loop delay while crawling.
 *
 * `BENCH_SCAN_BIG=off` runs the first crawl alone; `BENCH_SCAN_ONE=off` and `BENCH_SCAN_TWO=off` leave out
 * the big crawl with one worker and with two. The site's pages load our published banner, so
 * "accept" and "reject" are reached as on a customer's site. `BENCH_SCAN_REPORT_SECONDS` (30):
 * how often a crawl's progress is printed. Writes bench/results/scanner.json (git-ignored).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ScanRow } from '../dev-server/scanner/types';
import { caller, createBody, type Call } from '../dev-server/test/consentApi';
import type { SiteBanner } from '../dev-server/test/fixtures/sites/crawlSite';
import { proveDomain, startTestServer, type TestServer } from '../dev-server/test/startTestServer';
import { processSampler, processTree, treeMemoryByKind, type MemoryByKind, type ProcessSplit } from './processCpu';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = join(ROOT, 'bench', 'results', 'scanner.json');
const CLI = join(ROOT, 'dev-server', 'scanner', 'cli.ts');
const SITE_PROCESS = join(ROOT, 'bench', 'siteProcess.ts');
const BIG_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 16_000);
const SAMPLE = Number(process.env.BENCH_SCAN_SAMPLE ?? 20);
const RESOLVER = 'MAP * 127.0.0.1';
const PIXEL_HOST = 'pixel.tracker-cdn.net';
const ADMIN_LIST = '/consent-solutions?_page=1&_limit=25&_sort=name&_order=asc';
const RSS_EVERY = 1_000;
/** Cancel each crawl after this many seconds (its figures are then of the partial crawl); unset: crawl to the end. */
const CRAWL_SECONDS = process.env.BENCH_SCAN_SECONDS ? Number(process.env.BENCH_SCAN_SECONDS) : undefined;
/** A folder for the workers' V8 CPU profiles (`node --cpu-prof`), written when they stop; unset: none. */
const CPU_PROF_DIR = process.env.BENCH_SCAN_CPU_PROF;
/** How often the crawl's progress is printed. */
const REPORT_MS = Number(process.env.BENCH_SCAN_REPORT_SECONDS ?? 30) * 1000;

const round = (value: number): number => Math.round(value * 10) / 10;
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** CPU seconds (user + system, with reaped children: fields 14-17 of stat) of a process and every descendant. */
const treeCpuSeconds = (pid: number): number =>
  processTree(pid).reduce((sum, { fields }) => sum + [11, 12, 13, 14].reduce((ticks, i) => ticks + Number(fields[i]), 0), 0) / 100;

const startWorker = async (env: Record<string, string>): Promise<ChildProcess> => {
  const child = spawn(process.execPath, [...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : []), '--import', 'tsx', CLI], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 120_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('SCANNER READY')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${output}`)));
  });
  child.removeAllListeners('exit');
  // A worker that dies mid-crawl says why (its crawl would wait for another worker).
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.log(`  worker ${child.pid} exited (${code ?? signal}): ${output.slice(-2000)}`);
  });
  return child;
};

interface SiteProcess {
  pid: number;
  port: number;
  pixelPort: number;
  setBanner: (host: string, banner: SiteBanner) => void;
  close: () => Promise<void>;
}

/** The fixture site and its pixel host in a child process (bench/siteProcess.ts): a customer's site is not in the API's process. */
const startSite = async (pages: number): Promise<SiteProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', SITE_PROCESS], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_SITE_PAGES: String(pages), BENCH_PIXEL_HOST: PIXEL_HOST },
  });
  const ports = await new Promise<{ port: number; pixelPort: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; pixelPort: number }));
    child.once('exit', (code) => reject(new Error(`the fixture site's process exited (${code})`)));
  });
  child.removeAllListeners('exit');
  return {
    pid: child.pid ?? 0,
    ...ports,
    setBanner: (host, banner) => child.send({ banner: [host, banner] }),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
};

const stopWorker = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** The admin's list, timed `count` times one after the other (ms each). */
const listTimes = async (owner: Call, count: number): Promise<number[]> => {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await owner('GET', ADMIN_LIST);
    times.push(performance.now() - started);
  }
  return times;
};

interface CrawlFigures {
  site: number;
  depth: number;
  workers: number;
  status: string;
  partial: boolean;
  seconds: number;
  /** Distinct pages done (the "before" state) per second, per worker. */
  pagesPerSecondPerWorker: number;
  /** Page loads of every state per second, per worker. */
  loadsPerSecondPerWorker: number;
  states: Record<string, { planned: number; visited: number; failed: number }>;
  /** The pages that failed (up to ten), with what the crawl recorded of why. */
  failures: { url: string; state: string; detail: string | null }[];
  cookies: { name: string; states: string[] }[];
  pagesByWorker: number[];
  /** CPU seconds per page load: the workers with their Chromium; the bench's own process (the API, its database thread, the polling client). */
  cpuPerLoad: { workers: number; api: number };
  /** The workers' CPU seconds per page load by kind of process, and how many processes of each kind ran. */
  cpuPerLoadByProcess: ProcessSplit;
  rssMb: { pages: number; workers: number[]; byKind: MemoryByKind[] }[];
  adminListP99Ms?: { idle: number; crawling: number };
  /** The API process's event loop while crawling (its main thread; the database has a thread of its own). */
  apiEventLoopDelayMs: { p99: number; max: number };
}

const crawl = async (sitePages: number, depth: number, workerCount: number, measureList: boolean): Promise<CrawlFigures> => {
  const site = await startSite(sitePages);
  let server: TestServer | undefined;
  const workers: ChildProcess[] = [];
  try {
    server = await startTestServer({
      consentLog: { servePort: 0 },
      scanner: {
        workers: 0,
        baseUrl: `http://{domain}:${site.port}/`,
        hostResolverRules: RESOLVER,
        allowLoopbackPorts: [site.port, site.pixelPort],
        maxPages: depth,
        sampleSize: SAMPLE,
        timeLimitMs: 3 * 60 * 60_000,
      },
    });
    const sql = await server.context.consentLog.database();
    const env = {
      DATABASE_URL: sql.url ?? '',
      SCANNER_TEST_RESOLVER_RULES: RESOLVER,
      SCANNER_TEST_LOOPBACK_PORTS: [site.port, site.pixelPort, new URL(server.baseUrl).port].join(','),
    };
    for (let i = 0; i < workerCount; i += 1) workers.push(await startWorker(env));
    const owner = await caller(server.baseUrl, 'owner@demo.test');
    const domain = `bench-${Date.now().toString(36)}.com`;
    const created = await owner<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', createBody(domain));
    const domainId = created.body.domains[0]?.id as number;
    // Our banner on every page, published: the scanner reaches "accept" and "reject" with it (SCAN-4).
    if ((await owner('POST', `/consent-solutions/${created.body.id}/publish`, { needsReconsent: false })).status !== 201)
      throw new Error('the banner was not published');
    site.setBanner(domain, { apiUrl: server.baseUrl, consentSolutionId: created.body.id });
    // DEPLOY-4: only a domain whose owner proved control is scanned.
    await proveDomain(server, owner, domainId);
    // The bench's depth, whatever the demo plan sells: the page budget is the domain's depth capped by maxPages.
    const row = server.store.rows<{ id: number; scanDepth: number }>('domains').find((d) => d.id === domainId);
    if (row) row.scanDepth = 15_000;
    server.store.write();

    const idle = measureList ? await listTimes(owner, 200) : [];
    const started = performance.now();
    if ((await owner('POST', `/domains/${domainId}/scans`)).status !== 202) throw new Error('the scan was not queued');
    const workersCpu = (): number => workers.reduce((sum, w) => sum + treeCpuSeconds(w.pid ?? 0), 0);
    // The bench's own process: its tree less the workers and the fixture site, its children.
    const ownCpu = (): number => treeCpuSeconds(process.pid) - workersCpu() - treeCpuSeconds(site.pid);
    const cpuAtStart = { workers: workersCpu(), api: ownCpu() };
    const sampler = processSampler(workers.map((w) => w.pid ?? 0));
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let cancelled = false;
    const crawling: number[] = [];
    const rssMb: CrawlFigures['rssMb'] = [];
    let scan = (await owner<ScanRow>('GET', `/domains/${domainId}/scans/latest`)).body;
    let nextRss = RSS_EVERY;
    let lastReport = performance.now();
    while (scan.status === 'queued' || scan.status === 'running') {
      if (measureList) crawling.push(...(await listTimes(owner, 5)));
      await new Promise((resolve) => setTimeout(resolve, 500));
      scan = (await owner<ScanRow>('GET', `/domains/${domainId}/scans/latest`)).body;
      sampler.sample();
      if (CRAWL_SECONDS !== undefined && !cancelled && performance.now() - started > CRAWL_SECONDS * 1000) {
        cancelled = true;
        await owner('POST', `/domains/${domainId}/scans/cancel`);
      }
      const visited = scan.states.before?.visited ?? 0;
      if (performance.now() - lastReport > REPORT_MS) {
        lastReport = performance.now();
        console.log(
          `  ${Math.round((lastReport - started) / 1000)} s: ${scan.status}, ${scan.pagesVisited} of ${scan.pagesPlanned} page loads (${Object.entries(
            scan.states,
          )
            .map(([state, s]) => `${state} ${s?.visited ?? 0}`)
            .join(', ')}), checking ${scan.checking ?? '-'}`,
        );
      }
      if (visited >= nextRss) {
        const byKind = workers.map((w) => treeMemoryByKind(w.pid ?? 0));
        // A worker's RSS is its kinds' summed: one read of each process.
        const sample = { pages: visited, workers: byKind.map((kinds) => Object.values(kinds).reduce((sum, m) => sum + m.rssMb, 0)), byKind };
        rssMb.push(sample);
        const kinds = (byKind: MemoryByKind): string =>
          Object.entries(byKind)
            .sort((a, b) => b[1].pssMb - a[1].pssMb)
            .map(([kind, m]) => `${kind} ×${m.processes} ${m.rssMb}/${m.pssMb}`)
            .join(', ');
        console.log(`  ${visited} pages: worker RSS ${sample.workers.map((m) => `${m} MB`).join(', ')} (RSS/PSS MB: ${sample.byKind.map(kinds).join(' | ')})`);
        nextRss = (Math.floor(visited / RSS_EVERY) + 1) * RSS_EVERY;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    loopDelay.disable();
    const split = sampler.split();
    const cpu = {
      workers: workersCpu() - cpuAtStart.workers,
      api: ownCpu() - cpuAtStart.api,
    };
    const byWorker = await sql.query<{ worker: string; pages: string }>(
      `SELECT worker, count(*)::text AS pages FROM scan_frontier WHERE crawl_id = $1::text::uuid AND status = 'visited' GROUP BY worker ORDER BY worker`,
      [scan.crawlId],
    );
    const states = Object.fromEntries(
      Object.entries(scan.states).map(([state, s]) => [state, { planned: s?.planned ?? 0, visited: s?.visited ?? 0, failed: s?.failed ?? 0 }]),
    );
    const loads = Object.values(states).reduce((sum, s) => sum + s.visited, 0);
    const failures = await sql.query<{ url: string; state: string; detail: string | null }>(
      `SELECT url, state, detail FROM scan_frontier WHERE crawl_id = $1::text::uuid AND status = 'failed' ORDER BY seq LIMIT 10`,
      [scan.crawlId],
    );
    const cookieRows = await sql.query<{ name: string; domain: string; states: string }>(
      `SELECT name, domain, string_agg(state, ',' ORDER BY state) AS states FROM scan_cookies WHERE crawl_id = $1::text::uuid GROUP BY name, domain ORDER BY name`,
      [scan.crawlId],
    );
    return {
      site: sitePages,
      depth,
      workers: workerCount,
      status: scan.failure ? `${scan.status} (${scan.failure})` : scan.status,
      partial: scan.partial,
      seconds: round(seconds),
      pagesPerSecondPerWorker: round((states.before?.visited ?? 0) / seconds / workerCount),
      loadsPerSecondPerWorker: round(loads / seconds / workerCount),
      states,
      failures,
      cookies: cookieRows.map((c) => ({ name: `${c.name} (${c.domain})`, states: c.states.split(',') })),
      pagesByWorker: byWorker.map((r) => Number(r.pages)),
      cpuPerLoad: { workers: Math.round((cpu.workers / Math.max(1, loads)) * 1000) / 1000, api: Math.round((cpu.api / Math.max(1, loads)) * 1000) / 1000 },
      cpuPerLoadByProcess: {
        seconds: Object.fromEntries(Object.entries(split.seconds).map(([kind, s]) => [kind, Math.round((s / Math.max(1, loads)) * 1000) / 1000])),
        processes: split.processes,
      },
      rssMb,
      apiEventLoopDelayMs: { p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) },
      ...(measureList ? { adminListP99Ms: { idle: round(percentile(idle, 99)), crawling: round(percentile(crawling, 99)) } } : {}),
    };
  } finally {
    await Promise.all(workers.map(stopWorker));
    await server?.close();
    await site.close();
  }
};

const print = (title: string, f: CrawlFigures): void => {
  console.log(`\n${title}: ${f.status}${f.partial ? ' (partial)' : ''} in ${f.seconds} s with ${f.workers} worker(s)`);
  console.log(`  ${f.pagesPerSecondPerWorker} pages/s per worker (${f.loadsPerSecondPerWorker} page loads/s, every state)`);
  for (const [state, s] of Object.entries(f.states)) console.log(`  ${state.padEnd(7)} ${s.visited} of ${s.planned} pages visited, ${s.failed} failed`);
  for (const failure of f.failures) console.log(`  failed: ${failure.state} ${failure.url}: ${failure.detail ?? 'no detail'}`);
  console.log(`  cookies: ${f.cookies.map((c) => `${c.name}: ${c.states.join(', ')}`).join('; ') || 'none'}`);
  console.log(
    `  CPU per page load: ${f.cpuPerLoad.workers} s in the workers and their Chromium, ${f.cpuPerLoad.api} s in the bench's process (the API and its database thread; the fixture site runs apart)`,
  );
  const kinds = Object.entries(f.cpuPerLoadByProcess.seconds).sort((a, b) => b[1] - a[1]);
  console.log(`  by process: ${kinds.map(([kind, s]) => `${kind} ${s} s (${f.cpuPerLoadByProcess.processes[kind]} process(es))`).join(', ')}`);
  if (f.workers > 1) console.log(`  visits per worker: ${f.pagesByWorker.join(' | ')}`);
  console.log(`  the API's event loop while crawling: delay p99 ${f.apiEventLoopDelayMs.p99} ms, max ${f.apiEventLoopDelayMs.max} ms`);
  if (f.adminListP99Ms) console.log(`  admin list p99: ${f.adminListP99Ms.idle} ms idle, ${f.adminListP99Ms.crawling} ms while crawling`);
};

export const scannerBench = async (): Promise<void> => {
  console.log(`\nScanner (fixture sites on 127.0.0.1; reject and GPC on a sample of ${SAMPLE} pages)`);
  const depth500 = await crawl(600, 500, 1, true);
  print('Depth 500 of 600 pages', depth500);
  // BENCH_SCAN_BIG=off: the depth-500 figure alone (the big crawls take an hour or more).
  const big = process.env.BENCH_SCAN_BIG !== 'off';
  const bigDepth = Math.round((BIG_PAGES * 15) / 16);
  const oneWorker = big && process.env.BENCH_SCAN_ONE !== 'off' ? await crawl(BIG_PAGES, bigDepth, 1, true) : null;
  if (oneWorker) print(`Depth ${bigDepth} of ${BIG_PAGES} pages`, oneWorker);
  // BENCH_SCAN_ONE=off / BENCH_SCAN_TWO=off: the big crawl with two workers / one worker only (each takes most of an hour here).
  const twoWorkers = big && process.env.BENCH_SCAN_TWO !== 'off' ? await crawl(BIG_PAGES, bigDepth, 2, false) : null;
  if (twoWorkers) print(`Depth ${bigDepth} of ${BIG_PAGES} pages`, twoWorkers);
  if (!existsSync(dirname(RESULTS_FILE))) mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ at: new Date().toISOString(), sample: SAMPLE, depth500, oneWorker, twoWorkers }, null, 2)}\n`);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await scannerBench();
