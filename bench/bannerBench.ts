/**
 * The banner's cost on a customer page (STD-8), part of `npm run bench` (alone:
 * `BENCH_ONLY=banner npm run bench`). One fixture article page (e2e/fixtures/sites/article) is
 * served four ways (bench/bannerBenchServers.ts, a process of its own): without a banner, with
 * our installation snippet as the Installation tab gives it (its inline part, then its loader,
 * which adds the dev API's CDN route's core `async` after the first contentful paint, compressed,
 * which loads the UI), the same with Google Consent Mode on, and with vanilla-cookieconsent (npm
 * package, its documented set-up). The pages count as secure, as customers' HTTPS pages do.
 * Chromium at 4× CPU throttle, interleaved cold loads, medians of: script time (CDP
 * ScriptDuration) until the banner is visible, minus the bare page's until the same moment of its
 * own load (the probe polls every frame in both until then); pointer-down on "accept"
 * to the next painted frame; layout shift. First contentful paint from loads of its own (no probe,
 * nothing clicked), more of them: one load's FCP spreads from ~115 to ~255 ms around ~170 ms on
 * this machine, so 18 loads cannot tell a 5 % difference (60 gave intervals of ±8 %, 150 about
 * ±5 %); its ratio is printed with a 90 % bootstrap interval.
 * Then the sizes and the ratios. Environment: BENCH_BANNER_RUNS (loads per variant, default 18),
 * BENCH_BANNER_FCP_RUNS (FCP loads per variant, default 150).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { ensureBannerBuilt } from '../banner/build/buildBanner';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { uiFilesOf } from '../dev-server/test/publishedBanner';

const SERVERS = join(dirname(fileURLToPath(import.meta.url)), 'bannerBenchServers.ts');
const RUNS = Number(process.env.BENCH_BANNER_RUNS ?? 18);
const FCP_RUNS = Number(process.env.BENCH_BANNER_FCP_RUNS ?? 150);
const THROTTLE = 4;
const VIEWPORT = { width: 1280, height: 800 };
const require = createRequire(import.meta.url);
const VANILLA_DIR = dirname(require.resolve('vanilla-cookieconsent/dist/cookieconsent.umd.js'));

type Variant = 'none' | 'ours' | 'oursConsentMode' | 'vanilla';
const VARIANTS: Variant[] = ['none', 'ours', 'oursConsentMode', 'vanilla'];
type Banner = Exclude<Variant, 'none'>;
/** Each round loads the banners first, in a shuffled order: the bare page is then read when each of them showed. */
const BANNERS: Banner[] = ['ours', 'oursConsentMode', 'vanilla'];
/** The FCP loads' pages: the variants and the bare page once more, as a control. */
type FcpPage = Variant | 'control';
const LABELS: Record<Variant, string> = {
  none: 'no banner',
  ours: 'our banner',
  oursConsentMode: 'ours, Consent Mode on',
  vanilla: 'vanilla-cookieconsent 3.1.0',
};

/** Records, in the page, when the banner shows and when a frame is painted after accept. */
const PROBE = `(() => {
  const probe = { shownAt: null, acceptPaint: null, cls: 0, onShown: null };
  Object.defineProperty(window, '__probe', { value: probe });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) probe.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  const visible = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const check = () => {
    if (probe.shownAt === null && (visible(document.querySelector('#cm-banner:not([hidden]) [data-consent-action="accept"]')) || visible(document.querySelector('#cc-main .cm__btn')))) {
      probe.shownAt = performance.now();
      if (probe.onShown) probe.onShown(probe.shownAt);
    }
    if (probe.shownAt === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  addEventListener('pointerdown', () => {
    const start = performance.now();
    requestAnimationFrame(() => setTimeout(() => { probe.acceptPaint = performance.now() - start; }, 0));
  }, true);
})();`;

const ACCEPT: Record<Banner, string> = {
  ours: '#cm-banner [data-consent-action="accept"]',
  oursConsentMode: '#cm-banner [data-consent-action="accept"]',
  vanilla: '#cc-main [data-role="all"]',
};

interface Load {
  script: number;
  /** The bare page only: its script time until the moment each banner of the same round showed. */
  scriptUntil?: Partial<Record<Banner, number>>;
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

/** A fresh context (empty cache and cookies) and its page, at the bench's CPU throttle. */
const throttledPage = async (browser: Browser, initScript?: string) => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: VIEWPORT });
  if (initScript !== undefined) await context.addInitScript(initScript);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return { context, page, cdp };
};

const coldLoad = async (browser: Browser, url: string, variant: Variant, shownInRound: Partial<Record<Banner, number>> = {}): Promise<Load> => {
  const { context, page, cdp } = await throttledPage(browser, PROBE);
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'load' });
  // One call that the probe answers when the banner shows: Playwright's waitForFunction would run
  // a script in the page every frame meanwhile, which counted in the banners' script time only.
  const shown =
    variant === 'none'
      ? null
      : await page.evaluate(
          (timeoutMs) =>
            new Promise<number>((resolve, reject) => {
              const probe = (window as unknown as { __probe: { shownAt: number | null; onShown: ((at: number) => void) | null } }).__probe;
              if (probe.shownAt !== null) return resolve(probe.shownAt);
              probe.onShown = resolve;
              // A page timer: nothing runs unless it fires, and the page is gone long before.
              setTimeout(() => reject(new Error(`The banner did not show within ${timeoutMs} ms`)), timeoutMs);
            }),
          20_000,
        );
  const scriptNow = async (): Promise<number> =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  const scriptUntil: Partial<Record<Banner, number>> = {};
  let script: number;
  if (variant === 'none') {
    // Read when each banner of the round showed (its probe polls every frame too until then), and at load + 300 ms.
    const loadedAt = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? performance.now(),
    );
    const moments = [...Object.entries(shownInRound), ['load', loadedAt + 300] as const].sort((a, b) => a[1] - b[1]);
    script = NaN;
    for (const [moment, at] of moments) {
      await page.evaluate((until) => new Promise<void>((done) => setTimeout(done, Math.max(0, until - performance.now()))), at);
      if (moment === 'load') script = await scriptNow();
      else scriptUntil[moment as Banner] = await scriptNow();
    }
  } else script = await scriptNow();
  let acceptPaint: number | null = null;
  if (variant !== 'none') {
    await page.locator(ACCEPT[variant]).first().click();
    acceptPaint = await page
      .waitForFunction(() => (window as unknown as { __probe: { acceptPaint: number | null } }).__probe.acceptPaint)
      .then((h) => h.jsonValue() as Promise<number>);
  }
  const cls = await page.evaluate(() => (window as unknown as { __probe: { cls: number } }).__probe.cls);
  await context.close();
  return { script, scriptUntil, shown, acceptPaint, cls };
};

/** A cold load read for its first contentful paint only. */
const firstPaintOf = async (browser: Browser, url: string): Promise<number> => {
  const { context, page } = await throttledPage(browser);
  await page.goto(url, { waitUntil: 'load' });
  // At 4× the first paint can come after the load event: wait for the entry.
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true }),
      ),
  );
  await context.close();
  return fcp;
};

/** Deterministic, so that a bench's interval can be computed again from its loads. */
const seededRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A copy of `items` in a random order (Fisher–Yates). */
const shuffled = <T>(items: readonly T[], random: () => number): T[] => {
  const order = [...items];
  for (let j = order.length - 1; j > 0; j -= 1) {
    const k = Math.floor(random() * (j + 1));
    [order[j], order[k]] = [order[k] as T, order[j] as T];
  }
  return order;
};

/** The 5th and 95th percentiles of median(a) / median(b) over rounds drawn with replacement (a[i], b[i] one round). */
const ratioInterval = (a: number[], b: number[], draws = 2000): [number, number] => {
  const random = seededRandom(a.length);
  const ratios: number[] = [];
  for (let d = 0; d < draws; d += 1) {
    const picks = a.map(() => Math.floor(random() * a.length));
    ratios.push(median(picks.map((i) => a[i] as number)) / median(picks.map((i) => b[i] as number)));
  }
  ratios.sort((x, y) => x - y);
  return [round(ratios[Math.floor(draws * 0.05)] as number, 3), round(ratios[Math.floor(draws * 0.95)] as number, 3)];
};

export interface BannerBenchFigures {
  runs: number;
  cpuThrottle: number;
  variants: Record<
    Variant,
    {
      fcpMs: number;
      scriptMs: number;
      scriptOverBareMs: number;
      scriptOverBareAtLoad300Ms: number;
      shownMs: number | null;
      acceptToPaintMs: number | null;
      cls: number;
    }
  >;
  sizes: {
    core: number;
    coreGzip: number;
    coreBrotli: number;
    ui: number;
    uiGzip: number;
    uiBrotli: number;
    full: number;
    fullGzip: number;
    fullBrotli: number;
    declarationGzip: number;
    vanillaGzip: number;
  };
  fcpRuns: number;
  /** Every FCP load in ms, by page, in round order (a[i] and b[i] one round): runs can be pooled. */
  fcpLoads: Record<FcpPage, number[]>;
  ratios: {
    fcpOursOverNone: number;
    /** 90 % bootstrap interval of that ratio. */
    fcpOursOverNoneInterval: [number, number];
    fcpOursConsentModeOverNone: number;
    fcpOursConsentModeOverNoneInterval: [number, number];
    fcpVanillaOverNone: number;
    /** The bare page's second load of each round over its first: what the noise alone reads. */
    fcpControlOverNone: number;
    fcpControlOverNoneInterval: [number, number];
    scriptOursOverVanilla: number;
    acceptOursOverVanilla: number;
  };
}

interface Servers {
  apiBaseUrl: string;
  siteUrl: string;
  consentModeSiteUrl: string;
  consentSolutionId: number;
}

/** The API and the fixture site in a child process (bench/bannerBenchServers.ts); closing its stdin stops it. */
const startServers = async (): Promise<{ servers: Servers; child: ChildProcess }> => {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVERS], { stdio: ['pipe', 'pipe', 'inherit'] });
  const servers = await new Promise<Servers>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) done(JSON.parse(line) as Servers);
    });
    child.on('exit', (code) => fail(new Error(`The bench servers exited (${code}) before they were ready`)));
  });
  return { servers, child };
};

export const runBannerBench = async (): Promise<BannerBenchFigures> => {
  await ensureBannerBuilt();
  const { servers, child } = await startServers();
  let browser: Browser | undefined;
  try {
    const { apiBaseUrl, siteUrl, consentModeSiteUrl, consentSolutionId: id } = servers;
    const pageUrl = (variant: Variant): string => `${variant === 'oursConsentMode' ? consentModeSiteUrl : siteUrl}${variant}`;
    const origins = [siteUrl, consentModeSiteUrl].map((url) => new URL(url));
    browser = await chromium.launch({
      executablePath: requireChromium(),
      args: [
        ...CHROMIUM_ARGS,
        `--host-resolver-rules=${origins.map((origin) => `MAP ${origin.hostname} 127.0.0.1`).join(',')}`,
        // Customers' pages are served over HTTPS, a secure context (the Cookie Store API is there); the fixture's HTTP stands in for it.
        `--unsafely-treat-insecure-origin-as-secure=${origins.map((origin) => origin.origin).join(',')}`,
      ],
    });

    const loads: Record<Variant, Load[]> = { none: [], ours: [], oursConsentMode: [], vanilla: [] };
    // Interleaved, so a slow moment of the machine weighs on every variant alike; shuffled, so that
    // no banner always follows another.
    const random = seededRandom(RUNS + FCP_RUNS);
    for (let i = 0; i < RUNS; i += 1) {
      const shown: Partial<Record<Banner, number>> = {};
      for (const variant of [...shuffled(BANNERS, random), 'none' as const]) {
        const load = await coldLoad(browser, pageUrl(variant), variant, shown);
        if (variant !== 'none' && load.shown !== null) shown[variant] = load.shown;
        loads[variant].push(load);
      }
    }

    // In a shuffled order each round, so that no page always follows another; the bare page twice,
    // the second time as a control: its ratio to itself shows what the noise alone reads.
    const firstPaints: Record<FcpPage, number[]> = { none: [], ours: [], oursConsentMode: [], vanilla: [], control: [] };
    for (let i = 0; i < FCP_RUNS; i += 1) {
      for (const fcpPage of shuffled<FcpPage>([...VARIANTS, 'control'], random))
        firstPaints[fcpPage].push(await firstPaintOf(browser, pageUrl(fcpPage === 'control' ? 'none' : fcpPage)));
    }

    // Until the moment each banner showed; the earlier window (the bare page at load + 300 ms) beside it.
    const bareScriptUntil = (variant: Variant): number =>
      variant === 'none' ? median(loads.none.map((l) => l.script)) : median(loads.none.map((l) => l.scriptUntil?.[variant] ?? l.script));
    const bareScriptAtLoad300 = median(loads.none.map((l) => l.script));
    const figures = Object.fromEntries(
      VARIANTS.map((variant) => {
        const list = loads[variant];
        const shown = list.map((l) => l.shown).filter((v): v is number => v !== null);
        const accept = list.map((l) => l.acceptPaint).filter((v): v is number => v !== null);
        const script = median(list.map((l) => l.script));
        return [
          variant,
          {
            fcpMs: round(median(firstPaints[variant])),
            scriptMs: round(script),
            scriptOverBareMs: round(script - bareScriptUntil(variant)),
            scriptOverBareAtLoad300Ms: round(script - bareScriptAtLoad300),
            shownMs: shown.length ? round(median(shown)) : null,
            acceptToPaintMs: accept.length ? round(median(accept)) : null,
            cls: round(Math.max(...list.map((l) => l.cls)), 3),
          },
        ];
      }),
    ) as BannerBenchFigures['variants'];

    // What an English visitor's browser downloads: behind the async snippet the core with the UI
    // of their language inside (banner-full.js); behind the synchronous tag the core, then that UI.
    const served = (path: string) =>
      fetch(`${apiBaseUrl}${path}`, { headers: { 'accept-encoding': 'identity', 'accept-language': 'en-GB' } }).then((res) => res.text());
    const core = await served(`/cdn/${id}/banner.js`);
    const ui = await served(`/cdn/${id}/${uiFilesOf(core).en ?? ''}`);
    const full = await served(`/cdn/${id}/banner-full.js`);
    const declaration = await served(`/cdn/${id}/declaration.js`);
    const sizes = {
      core: Buffer.byteLength(core),
      coreGzip: gzipSync(core, { level: 9 }).length,
      coreBrotli: brotliCompressSync(core).length,
      ui: Buffer.byteLength(ui),
      uiGzip: gzipSync(ui, { level: 9 }).length,
      uiBrotli: brotliCompressSync(ui).length,
      full: Buffer.byteLength(full),
      fullGzip: gzipSync(full, { level: 9 }).length,
      fullBrotli: brotliCompressSync(full).length,
      declarationGzip: gzipSync(declaration, { level: 9 }).length,
      vanillaGzip:
        gzipSync(readFileSync(join(VANILLA_DIR, 'cookieconsent.umd.js')), { level: 9 }).length +
        gzipSync(readFileSync(join(VANILLA_DIR, 'cookieconsent.css')), { level: 9 }).length,
    };
    const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? NaN : round(a / b, 2));
    const ratios = {
      fcpOursOverNone: ratio(figures.ours.fcpMs, figures.none.fcpMs),
      fcpOursOverNoneInterval: ratioInterval(firstPaints.ours, firstPaints.none),
      fcpOursConsentModeOverNone: ratio(figures.oursConsentMode.fcpMs, figures.none.fcpMs),
      fcpOursConsentModeOverNoneInterval: ratioInterval(firstPaints.oursConsentMode, firstPaints.none),
      fcpVanillaOverNone: ratio(figures.vanilla.fcpMs, figures.none.fcpMs),
      fcpControlOverNone: ratio(round(median(firstPaints.control)), figures.none.fcpMs),
      fcpControlOverNoneInterval: ratioInterval(firstPaints.control, firstPaints.none),
      scriptOursOverVanilla: ratio(figures.ours.scriptOverBareMs, figures.vanilla.scriptOverBareMs),
      acceptOursOverVanilla: ratio(figures.ours.acceptToPaintMs, figures.vanilla.acceptToPaintMs),
    };

    console.log(
      `Banner on the fixture article (Chromium ${browser.version()}, ${THROTTLE}× CPU, median of ${RUNS} interleaved cold loads; FCP: of ${FCP_RUNS} more, read for it only)`,
    );
    console.table(
      VARIANTS.map((variant) => ({
        page: LABELS[variant],
        'FCP ms': figures[variant].fcpMs,
        'script ms (over bare)': variant === 'none' ? figures.none.scriptMs : `${figures[variant].scriptMs} (+${figures[variant].scriptOverBareMs})`,
        'shown at ms': figures[variant].shownMs ?? '',
        'accept→paint ms': figures[variant].acceptToPaintMs ?? '',
        CLS: figures[variant].cls,
      })),
    );
    console.log(
      `Script over bare with the bare page read at load + 300 ms instead (the earlier window, longer than the banners'): ours +${figures.ours.scriptOverBareAtLoad300Ms}, with Consent Mode +${figures.oursConsentMode.scriptOverBareAtLoad300Ms}, vanilla-cookieconsent +${figures.vanilla.scriptOverBareAtLoad300Ms}`,
    );
    console.log(
      `Sizes (bytes, English visitor): the async snippet's banner-full.js ${sizes.full} (${sizes.fullGzip} gzip, ${sizes.fullBrotli} br); the synchronous tag's core ${sizes.core} (${sizes.coreGzip} gzip, ${sizes.coreBrotli} br; budget 12,000 gzip) and UI ${sizes.ui} (${sizes.uiGzip} gzip, ${sizes.uiBrotli} br); declaration ${sizes.declarationGzip} gzip (budget 6,000); vanilla-cookieconsent js+css ${sizes.vanillaGzip} gzip`,
    );
    console.log(
      `Ratios: FCP ours/none ${ratios.fcpOursOverNone} (90 % interval ${ratios.fcpOursOverNoneInterval.join('–')}; budget 1.05), with Consent Mode ${ratios.fcpOursConsentModeOverNone} (${ratios.fcpOursConsentModeOverNoneInterval.join('–')}), vanilla/none ${ratios.fcpVanillaOverNone}, the bare page over itself (control) ${ratios.fcpControlOverNone} (${ratios.fcpControlOverNoneInterval.join('–')}); script over bare ours/vanilla ${ratios.scriptOursOverVanilla}; accept→paint ours/vanilla ${ratios.acceptOursOverVanilla}`,
    );
    return { runs: RUNS, fcpRuns: FCP_RUNS, fcpLoads: firstPaints, cpuThrottle: THROTTLE, variants: figures, sizes, ratios };
  } finally {
    await browser?.close();
    child.stdin?.end();
    await new Promise<void>((done) => (child.exitCode === null ? child.once('exit', () => done()) : done()));
  }
};
