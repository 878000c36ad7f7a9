/**
 * Lighthouse (npm `lighthouse`, on Debian's Chromium through chrome-launcher) on the pages whose
 * scores docs/performance.md holds (PERF-1): `/login/` logged out, and logged in the
 * consent-solutions list, a detail tab and the pop-up tab; beside them the anchor's list (a stock
 * react-admin app over the same API, bench/anchorApp.ts); mobile and desktop presets (simulated
 * throttling, Lighthouse's defaults). Runs are interleaved (run 1 of every page and preset, then
 * run 2, …) so a busy moment of the machine spreads over all pages instead of sinking one; each
 * figure is the median of the runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { chromium, type Cookie } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { ANCHOR_LIST_PATH } from './anchorApp';
import { blockingTasks } from './mainThread';

export interface LighthousePage {
  name: string;
  path: string;
  /** Logged-in pages get the session cookies before each run; the others none. */
  loggedIn: boolean;
  /** Ours, or the stock react-admin app measured beside it. */
  app: App;
}

export type App = 'ours' | 'anchor';

export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { name: 'login', path: '/login/', loggedIn: false, app: 'ours' },
  { name: 'consent-solution list', path: '/consent-solutions/', loggedIn: true, app: 'ours' },
  { name: 'detail: installation tab', path: '/consent-solutions/1/installation/', loggedIn: true, app: 'ours' },
  { name: 'detail: pop-up tab', path: '/consent-solutions/1/popup/my-templates/', loggedIn: true, app: 'ours' },
  { name: 'anchor: react-admin list', path: ANCHOR_LIST_PATH, loggedIn: true, app: 'anchor' },
];

const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseFigures {
  page: string;
  path: string;
  app: App;
  loggedIn: boolean;
  preset: Preset;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** JS transferred (Lighthouse's resource summary), kB. */
  scriptKb: number;
  /**
   * Blocking time of the whole load, from navigation rather than from the first paint: the sum
   * over the observed trace's tasks of (duration × the preset's CPU slowdown − 50 ms). Beside TBT
   * because a page that paints late keeps its start-up work out of TBT's window.
   */
  loadBlockingMs: number;
  /**
   * The observed trace's blocking time after the first paint (what TBT counts) from the main
   * thread's own CPU time instead of the tasks' durations: the page's work without the time its
   * main thread waited for a core (bench/mainThread.ts). On this two-core machine the gap between
   * the two is how much of TBT the machine's other work added.
   */
  cpuBlockingMs: number;
  /** What the best-practices and accessibility audits that failed were, once per page and preset. */
  failedAudits: string[];
}

interface OneRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  scriptBytes: number;
  failed: string[];
  loadBlocking: number;
  cpuBlocking: number;
}

const median = (values: number[]): number => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

/** BENCH_LIGHTHOUSE_REPORTS=dir keeps every run's full report and trace there, to see where a score goes. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

const runOnce = async (url: string, port: number, preset: Preset, reportName: string): Promise<OneRun> => {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (REPORTS_DIR !== undefined) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(lhr));
    // The trace behind the figures: `npx tsx bench/mainThread.ts <file>` lists its blocking tasks.
    writeFileSync(join(REPORTS_DIR, `${reportName}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
  const summary = lhr.audits['resource-summary']?.details;
  const scriptBytes = summary?.type === 'table' ? Number(summary.items.find((item) => item.resourceType === 'script')?.transferSize ?? NaN) : NaN;
  // The preset's own CPU slowdown (4 mobile, 1 desktop), the factor its simulation applies.
  const multiplier = (preset === 'desktop' ? desktopConfig.settings?.throttling?.cpuSlowdownMultiplier : undefined) ?? 4;
  const trace = result.artifacts.Trace as unknown as { traceEvents: Parameters<typeof blockingTasks>[0] };
  // One pass over the trace (processing it is the costly part): the whole load, and TBT's window of it.
  const loadTasks = blockingTasks(trace.traceEvents, multiplier, 'navigation').tasks;
  const loadBlocking = loadTasks.reduce((sum, task) => sum + task.blockingMs, 0);
  const cpuBlocking = loadTasks.filter((task) => task.afterFirstPaint).reduce((sum, task) => sum + task.cpuBlockingMs, 0);
  const failed = (['accessibility', 'best-practices'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${category}:${ref.id}`),
  );
  return {
    scores: {
      performance: lhr.categories.performance?.score ?? NaN,
      accessibility: lhr.categories.accessibility?.score ?? NaN,
      'best-practices': lhr.categories['best-practices']?.score ?? NaN,
    },
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    scriptBytes,
    failed,
    loadBlocking,
    cpuBlocking,
  };
};

/**
 * On a busy machine Lighthouse now and then gives up waiting for Chromium (PROTOCOL_TIMEOUT): such
 * a run is tried once more, then left out of the medians (the table says how many runs made each).
 */
const runWithRetry = async (run: () => Promise<OneRun>): Promise<OneRun | undefined> => {
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      process.stdout.write(`    failed (attempt ${attempt} of 2): ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  return undefined;
};

/**
 * Runs Lighthouse `runs` times on every page and preset, interleaved, in one Chromium whose
 * cookies are set (logged-in pages) or cleared (`/login/`) before each run. Lighthouse's own
 * storage reset keeps cookies and clears the cache, so every run is a cold load.
 */
export const runLighthouse = async (appUrls: Record<App, string>, session: Cookie[], runs: number): Promise<LighthouseFigures[]> => {
  // Every name but loopback fails to resolve: a page that calls out (a vendor, telemetry) cannot reach a real domain.
  const chrome = await chromeLauncher.launch({
    chromePath: requireChromium(),
    chromeFlags: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = cdp.contexts()[0];
    if (context === undefined) throw new Error('Chromium has no default context');
    const results = new Map<string, OneRun[]>();
    for (let run = 1; run <= runs; run += 1) {
      for (const page of LIGHTHOUSE_PAGES) {
        for (const preset of PRESETS) {
          await context.clearCookies();
          if (page.loggedIn) await context.addCookies(session);
          process.stdout.write(`  Lighthouse run ${run}/${runs}: ${page.path} (${preset})\n`);
          const key = `${page.name}|${preset}`;
          const one = await runWithRetry(() =>
            runOnce(new URL(page.path, appUrls[page.app]).href, chrome.port, preset, `${page.name.replace(/\W+/g, '-')}-${preset}-${run}`),
          );
          if (one !== undefined) results.set(key, [...(results.get(key) ?? []), one]);
        }
      }
    }
    return LIGHTHOUSE_PAGES.flatMap((page) =>
      PRESETS.map((preset): LighthouseFigures => {
        const all = results.get(`${page.name}|${preset}`) ?? [];
        return {
          page: page.name,
          path: page.path,
          app: page.app,
          loggedIn: page.loggedIn,
          preset,
          runs: all.length,
          performance: median(all.map((r) => r.scores.performance)),
          accessibility: median(all.map((r) => r.scores.accessibility)),
          bestPractices: median(all.map((r) => r.scores['best-practices'])),
          fcpMs: Math.round(median(all.map((r) => r.fcp))),
          lcpMs: Math.round(median(all.map((r) => r.lcp))),
          tbtMs: Math.round(median(all.map((r) => r.tbt))),
          cls: Math.round(median(all.map((r) => r.cls)) * 1000) / 1000,
          speedIndexMs: Math.round(median(all.map((r) => r.si))),
          scriptKb: Math.round(median(all.map((r) => r.scriptBytes)) / 100) / 10,
          loadBlockingMs: Math.round(median(all.map((r) => r.loadBlocking))),
          cpuBlockingMs: Math.round(median(all.map((r) => r.cpuBlocking))),
          failedAudits: [...new Set(all.flatMap((r) => r.failed))],
        };
      }),
    );
  } finally {
    await cdp.close();
    chrome.kill();
  }
};

export interface AnchorRatio {
  page: string;
  preset: Preset;
  /** Our median over the anchor's median of the same preset, in the same run. */
  tbt: number;
  lcp: number;
  performance: number;
  loadBlocking: number;
  /** PERF-1: a logged-in page blocks the main thread at most half as long as the anchor's list. */
  tbtTarget: 'met' | 'missed' | '';
}

const ratio = (ours: number, anchor: number): number => (anchor > 0 ? Math.round((ours / anchor) * 100) / 100 : NaN);

/** Our pages' figures as ratios to the anchor's list measured beside them (same run, same preset). */
export const anchorRatios = (figures: LighthouseFigures[]): AnchorRatio[] =>
  figures
    .filter((f) => f.app === 'ours')
    .flatMap((f) => {
      const anchor = figures.find((a) => a.app === 'anchor' && a.preset === f.preset);
      if (anchor === undefined) return [];
      // A TBT of 0 on both sides is met, not NaN.
      const tbtTarget = !f.loggedIn ? '' : f.tbtMs <= anchor.tbtMs / 2 ? 'met' : 'missed';
      return [
        {
          page: f.page,
          preset: f.preset,
          tbt: ratio(f.tbtMs, anchor.tbtMs),
          lcp: ratio(f.lcpMs, anchor.lcpMs),
          performance: ratio(f.performance, anchor.performance),
          loadBlocking: ratio(f.loadBlockingMs, anchor.loadBlockingMs),
          tbtTarget,
        },
      ];
    });
