/**
 * SCAN-3: what one page load costs the scanner's browser, without the crawl around it. The page
 * pool and `visit` of a worker, behind its guard proxy, load pages of a fixture site on 127.0.0.1
 * (a script cookie, a localStorage write and a third-party pixel, as bench/scanner.ts's site), and
 * the CPU of this process and its Chromium is split by process (bench/processCpu.ts).
 *
 * `npx tsx bench/scannerPagePool.ts`; `BENCH_POOL_LOADS` (default 80), `BENCH_POOL_AT_ONCE`
 * (default 4), `BENCH_POOL_ARGS` (extra Chromium flags, space-separated), `SCANNER_CHROMIUM_PATH`
 * (the browser, as a worker chooses it). Prints loads/s, CPU s per load by process, and the
 * evidence found (one cookie, one localStorage key and one third-party host per page).
 */
import { chromium } from 'playwright-core';
import { addressPolicy } from '../dev-server/scanner/addressGuard';
import { findScannerChromium, scannerLaunch } from '../dev-server/scanner/chromium';
import { startGuardProxy } from '../dev-server/scanner/guardProxy';
import { createPagePool } from '../dev-server/scanner/pagePool';
import { visit } from '../dev-server/scanner/visit';
import { startCrawlSite, startPixelHost } from '../dev-server/test/fixtures/sites/crawlSite';
import { processSampler } from './processCpu';

const LOADS = Number(process.env.BENCH_POOL_LOADS ?? 80);
const AT_ONCE = Number(process.env.BENCH_POOL_AT_ONCE ?? 4);
const EXTRA_ARGS = (process.env.BENCH_POOL_ARGS ?? '').split(' ').filter((arg) => arg !== '');
const DOMAIN = 'pool-bench.com';
const OUTCOME = { state: 'before', reachedBy: 'nothing', detail: null } as const;
const VISIT = { pageTimeoutMs: 15_000, quietMs: 100, settleCapMs: 1_500 };

const executablePath = findScannerChromium();
if (!executablePath) throw new Error('Chromium not found: run scripts/ensure-chromium.sh or set SCANNER_CHROMIUM_PATH');
const pixel = await startPixelHost();
const site = await startCrawlSite({ pages: LOADS + 1, linksPerPage: 3, pixelOrigin: `http://pixel.tracker-cdn.net:${pixel.port}` });
const proxy = await startGuardProxy(addressPolicy({ hostResolverRules: 'MAP * 127.0.0.1', allowLoopbackPorts: [site.port, pixel.port] }), () => undefined);
const browser = await chromium.launch({ executablePath, args: [...scannerLaunch().args, '--host-resolver-rules=MAP * 127.0.0.1', ...EXTRA_ARGS] });
const pool = createPagePool(browser, { proxyServer: proxy.server }, { consentSolutionId: 1, consentVersion: 1, stored: {} }, AT_ONCE * 2);
const load = async (path: string): Promise<{ cookies: number; keys: number; hosts: number }> => {
  const pooled = await pool.acquire('before');
  try {
    const { evidence } = await visit(pooled.page, `http://${DOMAIN}:${site.port}${path}`, OUTCOME, DOMAIN, VISIT);
    return { cookies: evidence.cookies.length, keys: evidence.localStorage.length, hosts: evidence.thirdParties.length };
  } finally {
    await pooled.release(true);
  }
};

try {
  await load('/'); // Chromium's start and the first page are not the per-load figure.
  const sampler = processSampler([process.pid]);
  const started = performance.now();
  const found = { cookies: 0, keys: 0, hosts: 0 };
  let next = 1;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next <= LOADS) {
        const one = await load(`/p/${next++}`);
        found.cookies += one.cookies;
        found.keys += one.keys;
        found.hosts += one.hosts;
        sampler.sample();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { seconds: cpu, processes } = sampler.split();
  const total = Object.values(cpu).reduce((sum, s) => sum + s, 0);
  console.log(`${executablePath} ${EXTRA_ARGS.join(' ')}`);
  console.log(`${LOADS} loads in ${seconds.toFixed(1)} s (${(LOADS / seconds).toFixed(2)}/s), ${(total / LOADS).toFixed(3)} CPU s per load`);
  console.log(`  evidence: ${found.cookies} cookies, ${found.keys} localStorage keys, ${found.hosts} third-party hosts`);
  const kinds = Object.entries(cpu).sort((a, b) => b[1] - a[1]);
  console.log(
    `  by process (this one holds the site and the proxy): ${kinds.map(([kind, s]) => `${kind} ${(s / LOADS).toFixed(3)} s (${processes[kind]})`).join(', ')}`,
  );
} finally {
  await pool.close();
  await browser.close();
  await proxy.close();
  await site.close();
  await pixel.close();
}
