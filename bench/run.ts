/**
 * The benchmark suite (`npm run bench`; not a test). On 127.0.0.1 only, bounded in count and time:
 *
 * 1. Bundle: builds the app (temp folder), then gzip bytes (level 9) of the JS and CSS the
 *    browser actually fetched for `/login/` and for the consent-solutions list after login (all
 *    until idle, and what had arrived when the first row showed), the number of chunks and the
 *    largest one (from dist/.vite/manifest.json).
 * 2. Pages: Chromium against the app served as `npm start` serves it and the dev API seeded with 10,000 consent
 *    solutions; median of 5 cold loads (fresh browser context each), without and with 4× CPU
 *    throttling (CDP Emulation.setCPUThrottlingRate): first contentful paint and login form
 *    visible; after login, the first list row visible; last keystroke of a search to the list
 *    showing the one match; JS heap.
 * 3. Lighthouse (bench/lighthouse.ts): performance, accessibility and best-practices scores
 *    with their timings on `/login/`, the list, a detail tab and the pop-up tab, mobile and
 *    desktop presets, medians of BENCH_RUNS interleaved runs; beside them the anchor, a stock
 *    react-admin list over the same API (bench/anchorApp.ts), and our figures as ratios to it.
 * 4. API under load (autocannon, 10 connections, 5 s per case): list and search of the 10,000
 *    solutions, login, a write; requests/s, p50/p99, errors.
 * 5. The banner on a customer page (STD-8, bench/bannerBench.ts): beside no banner and
 *    vanilla-cookieconsent, at 4× CPU.
 * 6. The consent log (LOG-2, LOG-3, bench/consentLog.ts): sustained ingest with the admin list
 *    meanwhile; dashboard, proof look-up and export with BENCH_RECORDS records; the same against
 *    a PostgreSQL server when DATABASE_URL is set.
 * 7. The scanner (SCAN-1..SCAN-3, bench/scanner.ts): depth 500 of a 600-page fixture site, and
 *    depth 15,000 of a 16,000-page one with one worker and with two (BENCH_SCAN_PAGES shortens
 *    it, BENCH_SCAN_SAMPLE sets the reject/GPC sample).
 *
 * Prints short tables and writes bench/results/*.json (git-ignored). The figures and their
 * budgets: docs/performance.md.
 * Environment: BENCH_RUNS (cold loads and Lighthouse runs per figure, default 5), CHROMIUM_PATH,
 * BENCH_ONLY=admin|lighthouse|banner|consent-log|scanner (only that part; admin = bundle, pages, Lighthouse, API), BENCH_RECORDS (default 1,000,000),
 * BENCH_INGEST_SECONDS (default 60), DATABASE_URL, BENCH_LIGHTHOUSE_REPORTS (a folder for the full reports).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from 'playwright-core';
import { build } from 'vite';
import { createServer } from '../dev-server/createServer';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { DEMO_PASSWORD } from '../dev-server/seed';
import { login } from '../dev-server/test/http';
import { startAppServer } from '../scripts/app/appServer';
import { precompress } from '../scripts/app/precompress';
import { runBannerBench } from './bannerBench';
import { freePort, ownerSession } from './benchSession';
import { BENCH_BCRYPT_COST, SOLUTIONS, writeBenchDb } from './bulkSeed';
import { startAnchorApp, type AnchorApp } from './anchorApp';
import { anchorRatios, runLighthouse, type LighthouseFigures } from './lighthouse';
import { consentLogBench } from './consentLog';
import { scannerBench } from './scanner';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = join(ROOT, 'bench', 'results', 'bench.json');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === 'lighthouse';
const THROTTLE_RATES = [1, 4];
const SEARCH = 'shop-9999';
const LOAD_SECONDS = 5;
const LOAD_CONNECTIONS = 10;
const WRITE_CONNECTIONS = 50;
const BUDGET_LOGIN_JS = 130_000;
const BUDGET_MAIN_CHUNK = 357_000;
const BUDGET_LIST_FIRST_ROW_JS = 400_000;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
/** The machine's load, printed beside figures that follow it (Lighthouse's simulated TBT does). */
const loadLine = (): string =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${availableParallelism()} cores`;
const kB = (bytes: number): number => Math.round(bytes / 100) / 10;
const ms = (value: number): number => Math.round(value);

// ---- Bundle

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

interface BundleFigures {
  chunks: number;
  largestChunk: { file: string; gzip: number };
  /** The entry chunk (`index-*.js`), and the lazily loaded admin (react-admin, router, MUI). */
  entryChunk: { file: string; gzip: number };
  adminChunk: { file: string; gzip: number };
  /** The entry and its static imports: the JS the login form needs before it renders. */
  loginStaticJs: number;
  login: { js: number; css: number; files: string[] };
  list: { js: number; css: number; files: string[] };
  /** The JS that had arrived when the list's first row showed (PERF-1, budget in docs/performance.md). */
  listFirstRow: { js: number; css: number; files: string[] };
}

const gzipOf = (outDir: string, file: string): number => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

const bundleFigures = (outDir: string, loginFiles: string[], listFiles: string[], firstRowFiles: string[]): BundleFigures => {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const jsFiles = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
  const sized = jsFiles.map((file) => ({ file, gzip: gzipOf(outDir, file) })).sort((a, b) => b.gzip - a.gzip);
  // The entry and its static imports: what scripts/bundle-size.mjs budgets.
  const closure = new Set<string>();
  const walk = (key: string): void => {
    if (closure.has(key)) return;
    closure.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  const loginStaticJs = [...closure].reduce((sum, key) => sum + gzipOf(outDir, manifest[key]?.file ?? ''), 0);
  const total = (files: string[]) => ({
    js: files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipOf(outDir, f), 0),
    css: files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipOf(outDir, f), 0),
    files,
  });
  const sizeOf = (key: string | undefined) => {
    const file = key === undefined ? '' : (manifest[key]?.file ?? '');
    return { file, gzip: file ? gzipOf(outDir, file) : 0 };
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const adminKey = Object.keys(manifest).find((key) => key.endsWith('src/AdminApp.tsx'));
  return {
    chunks: jsFiles.length,
    largestChunk: sized[0] ?? { file: '', gzip: 0 },
    entryChunk: sizeOf(entryKey),
    adminChunk: sizeOf(adminKey),
    loginStaticJs,
    login: total(loginFiles),
    list: total(listFiles),
    listFirstRow: total(firstRowFiles),
  };
};

// ---- Pages

/** Marks, in ms since navigation start, taken on animation frames (what the user can see). */
const MARKS_SCRIPT = `
  window.__bench = { marks: {}, lastKey: 0, searchFor: '', firstRowScripts: [] };
  document.addEventListener('keydown', () => { window.__bench.lastKey = performance.now(); }, true);
  const visible = (el) => el && el.getBoundingClientRect().height > 0;
  const watch = () => {
    const b = window.__bench, m = b.marks, now = performance.now();
    if (m.loginForm === undefined && visible(document.querySelector('#email'))) m.loginForm = now;
    if (m.firstRow === undefined) {
      const cell = document.querySelector('table tbody tr td');
      if (visible(cell) && cell.textContent.trim() !== '') {
        m.firstRow = now;
        // The app's scripts that had arrived by then: what the first row cost.
        b.firstRowScripts = performance.getEntriesByType('resource')
          .filter((e) => e.name.startsWith(location.origin + '/') && /\\.js$/.test(new URL(e.name).pathname) && e.responseEnd <= now)
          .map((e) => new URL(e.name).pathname.replace(/^\\//, ''));
      }
    }
    if (b.searchFor && m.searchDone === undefined) {
      const rows = document.querySelectorAll('table tbody tr');
      if (rows.length === 1 && rows[0].textContent.includes(b.searchFor)) m.searchDone = now;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
`;

interface Marks {
  loginForm?: number;
  firstRow?: number;
  searchDone?: number;
}

interface ColdLoad {
  fcp: number;
  /** The app's JS files that had arrived when the first list row showed. */
  firstRowScripts: string[];
  loginForm?: number;
  firstRow?: number;
  search?: number;
  heapMB: number;
  files: string[];
}

const marks = (page: Page): Promise<Marks> => page.evaluate(() => (window as unknown as { __bench: { marks: Marks } }).__bench.marks);

const coldLoad = async (browser: Browser, appUrl: string, rate: number, session: Cookie[] | null): Promise<ColdLoad> => {
  const context: BrowserContext = await browser.newContext({ baseURL: appUrl, locale: 'en-GB', viewport: { width: 1366, height: 900 } });
  try {
    if (session) await context.addCookies(session);
    await context.addInitScript(MARKS_SCRIPT);
    const page = await context.newPage();
    const files: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(appUrl).origin && /\.(js|css)$/.test(url.pathname)) files.push(url.pathname.replace(/^\//, ''));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Performance.enable');
    await page.goto(session ? '/consent-solutions' : '/login/');
    if (session)
      await page.waitForFunction(() => (window as unknown as { __bench: { marks: Marks } }).__bench.marks.firstRow !== undefined, null, { timeout: 60_000 });
    else
      await page.waitForFunction(() => (window as unknown as { __bench: { marks: Marks } }).__bench.marks.loginForm !== undefined, null, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    const firstRowScripts = await page.evaluate(() => (window as unknown as { __bench: { firstRowScripts: string[] } }).__bench.firstRowScripts);
    const result: ColdLoad = { fcp, firstRowScripts, ...(await marks(page)), heapMB: 0, files: [...files] };

    if (session) {
      // ROUTE-10 search: from the last keystroke to the list showing the one match.
      await page.evaluate((term) => {
        (window as unknown as { __bench: { searchFor: string } }).__bench.searchFor = term;
      }, SEARCH);
      await page.getByRole('textbox', { name: 'Search by name or domain' }).focus();
      await page.keyboard.type(SEARCH);
      await page.waitForFunction(() => (window as unknown as { __bench: { marks: Marks } }).__bench.marks.searchDone !== undefined, null, { timeout: 60_000 });
      const { searchDone } = await marks(page);
      const lastKey = await page.evaluate(() => (window as unknown as { __bench: { lastKey: number } }).__bench.lastKey);
      result.search = (searchDone ?? NaN) - lastKey;
    }
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    result.heapMB = Math.round(((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024) * 10) / 10;
    return result;
  } finally {
    await context.close();
  }
};

interface PageFigures {
  cpuThrottle: number;
  fcpMs: number;
  loginFormMs: number;
  loginHeapMB: number;
  listFirstRowMs: number;
  searchMs: number;
  listHeapMB: number;
}

// ---- API under load

interface LoadFigures {
  case: string;
  method: string;
  path: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

const load = async (name: string, options: autocannon.Options): Promise<LoadFigures> => {
  const result = await autocannon({ connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS, ...options });
  return {
    case: name,
    method: options.method ?? 'GET',
    path: new URL(options.url).pathname + new URL(options.url).search,
    reqPerSec: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

// ---- Main

const main = async (): Promise<void> => {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const outDir = join(ROOT, 'node_modules', '.bench-dist', String(process.pid));
  const [apiPort, appPort, anchorPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const anchorUrl = `http://127.0.0.1:${anchorPort}`;

  console.log(`Seeding ${SOLUTIONS.toLocaleString('en')} consent solutions…`);
  const dbFile = join(dir, 'db.json');
  await writeBenchDb(dbFile, join(dir, 'outbox.json'));
  const api = createServer({
    dbFile,
    outboxFile: join(dir, 'outbox.json'),
    corsOrigins: [appUrl, anchorUrl],
    appUrl,
    devMode: false,
    bcryptCost: BENCH_BCRYPT_COST,
    // The load test logs in hundreds of times from one address.
    loginThrottle: { perPair: 1_000_000, perAccount: 1_000_000, perAddress: 1_000_000 },
  });
  const apiHttp = api.app.listen(apiPort, '127.0.0.1');
  await new Promise<void>((done, fail) => {
    apiHttp.once('listening', done);
    apiHttp.once('error', fail);
  });
  // As `npm start` does (dev-server/index.ts): opened on the first request instead, the embedded
  // consent log's start (about 3 s) fell in the first Lighthouse run of the installation tab.
  await api.context.consentLog.ready();

  console.log('Building the app…');
  process.env.VITE_API_URL = apiUrl;
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  // Served as `npm start` serves it: precompressed, hashed assets cached (scripts/app/).
  await precompress(outDir);
  const appServer = await startAppServer(outDir, '127.0.0.1', appPort);

  let browser: Browser | undefined;
  let anchor: AnchorApp | undefined;
  try {
    browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS] });

    // One real login through the form gives the session cookies of every cold list load.
    const session = await ownerSession(browser, appUrl);

    const pages: PageFigures[] = [];
    let loginFiles: string[] = [];
    let listFiles: string[] = [];
    let firstRowFiles: string[] = [];
    for (const rate of ONLY_LIGHTHOUSE ? [] : THROTTLE_RATES) {
      console.log(`Page timings, CPU throttle ${rate}×, ${RUNS} cold loads each…`);
      const logins: ColdLoad[] = [];
      const lists: ColdLoad[] = [];
      for (let i = 0; i < RUNS; i += 1) logins.push(await coldLoad(browser, appUrl, rate, null));
      for (let i = 0; i < RUNS; i += 1) lists.push(await coldLoad(browser, appUrl, rate, session));
      loginFiles = logins[0]?.files ?? [];
      listFiles = lists[0]?.files ?? [];
      firstRowFiles = lists[0]?.firstRowScripts ?? [];
      pages.push({
        cpuThrottle: rate,
        fcpMs: ms(median(logins.map((l) => l.fcp))),
        loginFormMs: ms(median(logins.map((l) => l.loginForm ?? NaN))),
        loginHeapMB: median(logins.map((l) => l.heapMB)),
        listFirstRowMs: ms(median(lists.map((l) => l.firstRow ?? NaN))),
        searchMs: ms(median(lists.map((l) => l.search ?? NaN))),
        listHeapMB: median(lists.map((l) => l.heapMB)),
      });
    }
    const bundle = bundleFigures(outDir, loginFiles, listFiles, firstRowFiles);

    console.log('Building the anchor (a stock react-admin app)…');
    anchor = await startAnchorApp(apiUrl, anchorPort);
    console.log(`Lighthouse (mobile and desktop presets), ${RUNS} interleaved runs…`);
    const lighthouseFigures: LighthouseFigures[] = await runLighthouse({ ours: appUrl, anchor: anchor.url }, session, RUNS);
    const ratios = anchorRatios(lighthouseFigures);

    const apiLoad: LoadFigures[] = [];
    if (!ONLY_LIGHTHOUSE) {
      console.log(`API under load: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s per case…`);
      const cookie = await login(apiUrl, 'owner@demo.test');
      apiLoad.push(
        await load('list, page 1 of 10,000 (read cache)', { url: `${apiUrl}/consent-solutions?_page=1&_limit=25&_sort=name&_order=asc`, headers: { cookie } }),
        // 400 pages in turn outgrow the read cache (256 answers): every answer is computed.
        await load('list, 400 pages in turn (computed)', {
          url: `${apiUrl}/consent-solutions?_page=1&_limit=25&_sort=name&_order=asc`,
          headers: { cookie },
          requests: Array.from({ length: 400 }, (_, index) => ({ path: `/consent-solutions?_page=${index + 1}&_limit=25&_sort=name&_order=asc` })),
        }),
        await load(`search q=${SEARCH}`, { url: `${apiUrl}/consent-solutions?_page=1&_limit=25&q=${SEARCH}`, headers: { cookie } }),
        await load('login (bcrypt cost 10)', {
          url: `${apiUrl}/login_check`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD }),
        }),
        await load('write: PATCH a consent solution', {
          url: `${apiUrl}/consent-solutions/1`,
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench rename' }),
        }),
        // Group commit: the more writes wait at once, the more share one flush.
        await load(`write: PATCH, ${WRITE_CONNECTIONS} connections`, {
          url: `${apiUrl}/consent-solutions/1`,
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench rename' }),
          connections: WRITE_CONNECTIONS,
        }),
      );
    }

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      chromium: browser.version(),
      solutions: SOLUTIONS,
      runs: RUNS,
      bundle: {
        ...bundle,
        budgets: { loginJs: BUDGET_LOGIN_JS, listFirstRowJs: BUDGET_LIST_FIRST_ROW_JS, mainChunk: BUDGET_MAIN_CHUNK },
      },
      pages,
      lighthouse: lighthouseFigures,
      lighthouseToAnchor: ratios,
      api: { connections: LOAD_CONNECTIONS, seconds: LOAD_SECONDS, cases: apiLoad },
      seconds: Math.round((Date.now() - started) / 1000),
    };
    mkdirSync(dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);

    console.log(`\nBundle (gzip, level 9): ${bundle.chunks} JS chunks`);
    console.table([
      {
        what: '/login/ before the form renders (entry + static imports)',
        'JS kB': kB(bundle.loginStaticJs),
        'CSS kB': '',
        files: '',
        budget: `≤ ${kB(BUDGET_LOGIN_JS)}`,
      },
      ...(ONLY_LIGHTHOUSE
        ? []
        : [
            {
              what: '/login/ everything fetched until idle',
              'JS kB': kB(bundle.login.js),
              'CSS kB': kB(bundle.login.css),
              files: bundle.login.files.length,
              budget: '',
            },
            {
              what: 'consent solutions list: JS before its first row',
              'JS kB': kB(bundle.listFirstRow.js),
              'CSS kB': '',
              files: bundle.listFirstRow.files.length,
              budget: `≤ ${kB(BUDGET_LIST_FIRST_ROW_JS)}`,
            },
            {
              what: 'consent solutions list after login, until idle',
              'JS kB': kB(bundle.list.js),
              'CSS kB': kB(bundle.list.css),
              files: bundle.list.files.length,
              budget: '',
            },
          ]),
      { what: `entry chunk ${bundle.entryChunk.file}`, 'JS kB': kB(bundle.entryChunk.gzip), 'CSS kB': '', files: 1, budget: '' },
      { what: `admin chunk ${bundle.adminChunk.file}`, 'JS kB': kB(bundle.adminChunk.gzip), 'CSS kB': '', files: 1, budget: `≤ ${kB(BUDGET_MAIN_CHUNK)}` },
      {
        what: `largest chunk ${bundle.largestChunk.file}`,
        'JS kB': kB(bundle.largestChunk.gzip),
        'CSS kB': '',
        files: 1,
        budget: `≤ ${kB(BUDGET_MAIN_CHUNK)}`,
      },
    ]);
    if (!ONLY_LIGHTHOUSE) {
      console.log(`Pages (Chromium ${browser.version()}, median of ${RUNS} cold loads, ${SOLUTIONS.toLocaleString('en')} solutions)`);
      console.table(
        pages.map((p) => ({
          'CPU throttle': `${p.cpuThrottle}×`,
          'FCP ms': p.fcpMs,
          'login form ms': p.loginFormMs,
          'first list row ms': p.listFirstRowMs,
          'search → list ms': p.searchMs,
          'heap MB login/list': `${p.loginHeapMB} / ${p.listHeapMB}`,
        })),
      );
    }
    console.log(`Lighthouse (median of ${RUNS} runs; targets: performance ≥ 0.9 mobile, ≥ 0.95 desktop, accessibility and best practices 1)`);
    console.table(
      lighthouseFigures.map((l) => ({
        page: l.path,
        preset: l.preset,
        runs: l.runs,
        perf: l.performance,
        a11y: l.accessibility,
        'best pr.': l.bestPractices,
        'FCP ms': l.fcpMs,
        'LCP ms': l.lcpMs,
        'TBT ms': l.tbtMs,
        CLS: l.cls,
        'SI ms': l.speedIndexMs,
        'JS kB': l.scriptKb,
        'load blocking ms': l.loadBlockingMs,
        'own CPU blocking ms': l.cpuBlockingMs,
      })),
    );
    for (const l of lighthouseFigures.filter((f) => f.failedAudits.length > 0)) console.log(`  ${l.path} (${l.preset}) failed: ${l.failedAudits.join(', ')}`);
    console.log(`Ours ÷ the anchor's list, same run and preset (target: a logged-in page's TBT ≤ 0.5; ${loadLine()})`);
    console.table(
      ratios.map((r) => ({
        page: r.page,
        preset: r.preset,
        TBT: r.tbt,
        LCP: r.lcp,
        perf: r.performance,
        'load blocking': r.loadBlocking,
        'TBT ≤ ½ anchor': r.tbtTarget,
      })),
    );
    if (!ONLY_LIGHTHOUSE) {
      console.log(`API under load (autocannon, ${LOAD_CONNECTIONS} connections × ${LOAD_SECONDS} s, 127.0.0.1)`);
      console.table(apiLoad.map((c) => ({ case: c.case, 'req/s': c.reqPerSec, 'p50 ms': c.p50Ms, 'p99 ms': c.p99Ms, errors: c.errors, 'non-2xx': c.non2xx })));
    }
    console.log(`Written to ${RESULTS_FILE.replace(`${ROOT}/`, '')} in ${report.seconds} s`);
    if (bundle.loginStaticJs > BUDGET_LOGIN_JS) console.warn(`/login/ JS is over its ${kB(BUDGET_LOGIN_JS)} kB budget`);
    if (!ONLY_LIGHTHOUSE && bundle.listFirstRow.js > BUDGET_LIST_FIRST_ROW_JS)
      console.warn(`the list's first row needs more than ${kB(BUDGET_LIST_FIRST_ROW_JS)} kB of JS`);
    if (bundle.largestChunk.gzip > BUDGET_MAIN_CHUNK) console.warn(`the largest chunk is over ${kB(BUDGET_MAIN_CHUNK)} kB`);
  } finally {
    await browser?.close();
    await anchor?.close();
    await appServer.close();
    await new Promise<void>((done) => {
      apiHttp.close(() => done());
      apiHttp.closeAllConnections();
    });
    rmSync(dir, { recursive: true, force: true });
    if (existsSync(outDir)) rmSync(outDir, { recursive: true, force: true });
  }
};

const only = process.env.BENCH_ONLY;
// The admin: bundle, pages, Lighthouse (alone with BENCH_ONLY=lighthouse) and the API under load.
if (only === undefined || only === 'lighthouse' || only === 'admin') await main();
// STD-8: the banner's cost on a customer page.
if (only === undefined || only === 'banner') {
  const banner = await runBannerBench();
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(join(dirname(RESULTS_FILE), 'banner.json'), `${JSON.stringify(banner, null, 2)}\n`);
}
// LOG-2, LOG-3: the consent log's figures.
if (only === undefined || only === 'consent-log') await consentLogBench();
// SCAN-1..SCAN-3: the scanner's crawl speed, completeness, memory and the admin meanwhile.
if (only === undefined || only === 'scanner') await scannerBench();
