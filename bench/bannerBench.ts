/**
 * The banner's cost on a customer page (STD-8), part of `npm run bench` (alone:
 * `BENCH_ONLY=banner npm run bench`). One fixture article page (e2e/fixtures/sites/article) is
 * served three ways on one host: without a banner, with our published banner (the dev API's
 * CDN route, compressed) and with vanilla-cookieconsent (npm package, its documented set-up).
 * Chromium at 4× CPU throttle, interleaved cold loads, medians of: first contentful paint;
 * script time (CDP ScriptDuration) until the banner is visible, minus the bare page's;
 * pointer-down on "accept" to the next painted frame; layout shift. Then the gzip sizes and the
 * ratios. Environment: BENCH_BANNER_RUNS (loads per variant, default 18).
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { ensureBannerBuilt, readBannerRuntime } from '../banner/build/buildBanner';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { login } from '../dev-server/test/http';
import { startTestServer } from '../dev-server/test/startTestServer';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_BANNER_RUNS ?? 18);
const THROTTLE = 4;
const HOST = 'bench-shop-fixture.com';
const require = createRequire(import.meta.url);
const VANILLA_DIR = dirname(require.resolve('vanilla-cookieconsent/dist/cookieconsent.umd.js'));
const FIXTURE = readFileSync(join(ROOT, 'e2e/fixtures/sites/article/index.html'), 'utf8');
const ARTICLE = Array.from({ length: 30 }, (_, i) => `<h2>Section ${i + 1}</h2><p>${'A paragraph of the article, as a news site would show it. '.repeat(6)}</p>`).join('\n');

type Variant = 'none' | 'ours' | 'vanilla';
const VARIANTS: Variant[] = ['none', 'ours', 'vanilla'];

/** vanilla-cookieconsent as its README sets it up: its CSS and script, then run() with two categories. */
const VANILLA_HEAD = `<link rel="stylesheet" href="/vendor/cookieconsent.css">
<script defer src="/vendor/cookieconsent.umd.js"></script>
<script defer src="/vendor/init.js"></script>`;
// hideFromBots: off, or it hides itself from an automated browser (navigator.webdriver).
const VANILLA_INIT = `CookieConsent.run({
  hideFromBots: false,
  categories: { necessary: { enabled: true, readOnly: true }, analytics: {} },
  language: { default: 'en', translations: { en: {
    consentModal: { title: 'We use cookies', description: 'Cookies help us run this site.', acceptAllBtn: 'Accept all', acceptNecessaryBtn: 'Reject all', showPreferencesBtn: 'Manage preferences' },
    preferencesModal: { title: 'Preferences', acceptAllBtn: 'Accept all', acceptNecessaryBtn: 'Reject all', savePreferencesBtn: 'Save', sections: [{ title: 'Necessary', linkedCategory: 'necessary' }, { title: 'Analytics', linkedCategory: 'analytics' }] }
  } } }
});`;

/** Records, in the page, when the banner shows and when a frame is painted after accept. */
const PROBE = `(() => {
  const probe = { shownAt: null, acceptPaint: null, cls: 0 };
  Object.defineProperty(window, '__probe', { value: probe });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) probe.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  const visible = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const check = () => {
    if (probe.shownAt === null && (visible(document.querySelector('#cm-banner:not([hidden]) [data-consent-action="accept"]')) || visible(document.querySelector('#cc-main .cm__btn')))) probe.shownAt = performance.now();
    if (probe.shownAt === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  addEventListener('pointerdown', () => {
    const start = performance.now();
    requestAnimationFrame(() => setTimeout(() => { probe.acceptPaint = performance.now() - start; }, 0));
  }, true);
})();`;

const ACCEPT: Record<Exclude<Variant, 'none'>, string> = {
  ours: '#cm-banner [data-consent-action="accept"]',
  vanilla: '#cc-main [data-role="all"]',
};

interface Load {
  fcp: number;
  script: number;
  shown: number | null;
  acceptPaint: number | null;
  cls: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const round = (value: number, digits = 0): number => Math.round(value * 10 ** digits) / 10 ** digits;

const coldLoad = async (browser: Browser, url: string, variant: Variant): Promise<Load> => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(`${url}${variant}`, { waitUntil: 'load' });
  const shown = variant === 'none' ? null : await page.waitForFunction(() => (window as unknown as { __probe: { shownAt: number | null } }).__probe.shownAt, undefined, { timeout: 20_000 }).then((h) => h.jsonValue() as Promise<number>);
  if (variant === 'none') await page.waitForTimeout(300);
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const script = (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  let acceptPaint: number | null = null;
  if (variant !== 'none') {
    await page.locator(ACCEPT[variant]).first().click();
    acceptPaint = await page.waitForFunction(() => (window as unknown as { __probe: { acceptPaint: number | null } }).__probe.acceptPaint).then((h) => h.jsonValue() as Promise<number>);
  }
  const cls = await page.evaluate(() => (window as unknown as { __probe: { cls: number } }).__probe.cls);
  await context.close();
  return { fcp, script, shown, acceptPaint, cls };
};

export interface BannerBenchFigures {
  runs: number;
  cpuThrottle: number;
  variants: Record<Variant, { fcpMs: number; scriptMs: number; scriptOverBareMs: number; shownMs: number | null; acceptToPaintMs: number | null; cls: number }>;
  sizes: { coreGzip: number; publishedScript: number; publishedGzip: number; publishedBrotli: number; englishOnlyGzip: number; declarationGzip: number; vanillaGzip: number };
  ratios: { fcpOursOverNone: number; fcpVanillaOverNone: number; scriptOursOverVanilla: number; acceptOursOverVanilla: number };
}

export const runBannerBench = async (): Promise<BannerBenchFigures> => {
  await ensureBannerBuilt();
  const api = await startTestServer({});
  let site: Server | undefined;
  let browser: Browser | undefined;
  try {
    const cookie = await login(api.baseUrl, 'owner@demo.test');
    const post = async (route: string, body: unknown) => {
      const res = await fetch(`${api.baseUrl}${route}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`POST ${route}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: number };
    };
    const { id } = await post('/consent-solutions', { defaultLanguage: 'en', additionalLanguages: ['fr', 'de'], domain: { canonicalDomain: HOST, type: 'website', scanDepth: 500, scanFrequency: 0 } });
    await post(`/consent-solutions/${id}/publish`, {});
    const vanillaJs = readFileSync(join(VANILLA_DIR, 'cookieconsent.umd.js'));
    const vanillaCss = readFileSync(join(VANILLA_DIR, 'cookieconsent.css'));
    const heads: Record<Variant, string> = {
      none: '',
      ours: `<script src="${api.baseUrl}/cdn/${id}/banner.js"></script>`,
      vanilla: VANILLA_HEAD,
    };
    site = createHttpServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const vendor: Record<string, [Buffer | string, string]> = {
        '/vendor/cookieconsent.umd.js': [vanillaJs, 'text/javascript'],
        '/vendor/cookieconsent.css': [vanillaCss, 'text/css'],
        '/vendor/init.js': [VANILLA_INIT, 'text/javascript'],
      };
      const asset = vendor[path];
      if (asset) {
        // Compressed, as a CDN would serve it, for a fair comparison with ours.
        res.writeHead(200, { 'content-type': asset[1], 'content-encoding': 'gzip', 'cache-control': 'no-store' });
        res.end(gzipSync(asset[0]));
        return;
      }
      const variant = path.slice(1) as Variant;
      res.writeHead(VARIANTS.includes(variant) ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(VARIANTS.includes(variant) ? FIXTURE.replace('%HEAD%', heads[variant]).replace('%ARTICLE%', ARTICLE) : '');
    });
    await new Promise<void>((done) => site?.listen(0, '127.0.0.1', done));
    const url = `http://${HOST}:${(site.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });

    const loads: Record<Variant, Load[]> = { none: [], ours: [], vanilla: [] };
    // Interleaved, so a slow moment of the machine weighs on every variant alike.
    for (let i = 0; i < RUNS; i += 1) for (const variant of VARIANTS) loads[variant].push(await coldLoad(browser, url, variant));

    const bareScript = median(loads.none.map((l) => l.script));
    const figures = Object.fromEntries(
      VARIANTS.map((variant) => {
        const list = loads[variant];
        const shown = list.map((l) => l.shown).filter((v): v is number => v !== null);
        const accept = list.map((l) => l.acceptPaint).filter((v): v is number => v !== null);
        const script = median(list.map((l) => l.script));
        return [
          variant,
          {
            fcpMs: round(median(list.map((l) => l.fcp))),
            scriptMs: round(script),
            scriptOverBareMs: round(script - bareScript),
            shownMs: shown.length ? round(median(shown)) : null,
            acceptToPaintMs: accept.length ? round(median(accept)) : null,
            cls: round(Math.max(...list.map((l) => l.cls)), 3),
          },
        ];
      }),
    ) as BannerBenchFigures['variants'];

    const published = await (await fetch(`${api.baseUrl}/cdn/${id}/banner.js`, { headers: { 'accept-encoding': 'identity' } })).text();
    const english = await (await fetch(`${api.baseUrl}/cdn/${id}/banner.js`, { headers: { 'accept-encoding': 'identity', 'accept-language': 'en-GB' } })).text();
    const declaration = await (await fetch(`${api.baseUrl}/cdn/${id}/declaration.js`, { headers: { 'accept-encoding': 'identity' } })).text();
    const sizes = {
      coreGzip: gzipSync(readBannerRuntime('banner'), { level: 9 }).length,
      publishedScript: Buffer.byteLength(published),
      publishedGzip: gzipSync(published, { level: 9 }).length,
      publishedBrotli: brotliCompressSync(published).length,
      englishOnlyGzip: gzipSync(english, { level: 9 }).length,
      declarationGzip: gzipSync(declaration, { level: 9 }).length,
      vanillaGzip: gzipSync(vanillaJs, { level: 9 }).length + gzipSync(vanillaCss, { level: 9 }).length,
    };
    const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? NaN : round(a / b, 2));
    const ratios = {
      fcpOursOverNone: ratio(figures.ours.fcpMs, figures.none.fcpMs),
      fcpVanillaOverNone: ratio(figures.vanilla.fcpMs, figures.none.fcpMs),
      scriptOursOverVanilla: ratio(figures.ours.scriptOverBareMs, figures.vanilla.scriptOverBareMs),
      acceptOursOverVanilla: ratio(figures.ours.acceptToPaintMs, figures.vanilla.acceptToPaintMs),
    };

    console.log(`Banner on the fixture article (Chromium ${browser.version()}, ${THROTTLE}× CPU, median of ${RUNS} interleaved cold loads)`);
    console.table(
      VARIANTS.map((variant) => ({
        page: variant === 'none' ? 'no banner' : variant === 'ours' ? 'our banner' : 'vanilla-cookieconsent 3.1.0',
        'FCP ms': figures[variant].fcpMs,
        'script ms (over bare)': variant === 'none' ? figures.none.scriptMs : `${figures[variant].scriptMs} (+${figures[variant].scriptOverBareMs})`,
        'shown at ms': figures[variant].shownMs ?? '',
        'accept→paint ms': figures[variant].acceptToPaintMs ?? '',
        CLS: figures[variant].cls,
      })),
    );
    console.log(
      `Sizes (bytes): core runtime ${sizes.coreGzip} gzip; published script ${sizes.publishedScript} (${sizes.publishedGzip} gzip, ${sizes.publishedBrotli} br), English only ${sizes.englishOnlyGzip} gzip; declaration ${sizes.declarationGzip} gzip; vanilla-cookieconsent js+css ${sizes.vanillaGzip} gzip`,
    );
    console.log(
      `Ratios: FCP ours/none ${ratios.fcpOursOverNone}, vanilla/none ${ratios.fcpVanillaOverNone}; script over bare ours/vanilla ${ratios.scriptOursOverVanilla}; accept→paint ours/vanilla ${ratios.acceptOursOverVanilla}`,
    );
    return { runs: RUNS, cpuThrottle: THROTTLE, variants: figures, sizes, ratios };
  } finally {
    await browser?.close();
    await new Promise<void>((done) => (site ? site.close(() => done()) : done()));
    await api.close();
  }
};
