/**
 * Where a logged-in page load's main thread goes, by source module: the app built with source
 * maps, the page loaded cold at 4× CPU with Lighthouse's mobile screen (Moto G Power, 412×823 at
 * 1.75), DevTools' sampling profiler on from navigation until the page is idle. Prints the long
 * tasks the page itself observed (what Lighthouse's TBT is made of) and the self time per module
 * (node_modules by package) and per function, summed over `PROFILE_RUNS` loads.
 *
 *   npx tsx bench/profilePage.ts [/consent-solutions/ …]
 *
 * PROFILE_RUNS (default 3), PROFILE_TOP (default 30 rows per table), PROFILE_TASKS (what ran in each
 * long task: by function, `files` by source file, `react` by React's phase and lane, `eval` by
 * what the modules' evaluation called), PROFILE_LINES
 * (a statement a line in the build: the modules' top-level code, their evaluation, can then be told
 * apart).
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Cookie } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { build } from 'vite';
import { createServer } from '../dev-server/createServer';
import { CHROMIUM_ARGS, requireChromium } from '../dev-server/scanner/chromium';
import { startAppServer } from '../scripts/app/appServer';
import { precompress } from '../scripts/app/precompress';
import { freePort, ownerSession } from './benchSession';
import { BENCH_BCRYPT_COST, writeBenchDb } from './bulkSeed';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const PATHS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/consent-solutions/'];
const CPU_SLOWDOWN = 4;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  /** Samples per line of the function (V8 records them); with PROFILE_LINES a line is one module's. */
  positionTicks?: { line: number; ticks: number }[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Maps a generated position of a built chunk to its source: `node_modules/<package>` or the file under src. */
const sourceMaps = (outDir: string) => {
  const assets = join(outDir, 'assets');
  const consumers = new Map<string, SourceMapConsumer>();
  for (const name of readdirSync(assets).filter((n) => n.endsWith('.js.map')))
    consumers.set(name.replace(/\.map$/, ''), new SourceMapConsumer(JSON.parse(readFileSync(join(assets, name), 'utf8')) as RawSourceMap));
  const sourceOfLine = (url: string, line: number): string => {
    const consumer = consumers.get(url.replace(/^.*\/assets\//, '').replace(/\?.*$/, ''));
    const source = consumer?.originalPositionFor({ line, column: 0, bias: SourceMapConsumer.LEAST_UPPER_BOUND }).source;
    return (source ?? url).replace(/^.*node_modules\//, '').replace(/^.*?\/src\//, 'src/');
  };
  const locate = (frame: ProfileNode['callFrame']): { module: string; fn: string } => {
    const chunk = frame.url.replace(/^.*\/assets\//, '').replace(/\?.*$/, '');
    const consumer = consumers.get(chunk);
    if (consumer === undefined) return { module: frame.url === '' ? `(${frame.functionName || 'native'})` : chunk, fn: frame.functionName };
    if (frame.lineNumber < 0) return { module: chunk, fn: frame.functionName };
    const original = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
    const source = original.source ?? chunk;
    const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    const module = inModules ? `npm ${inModules[1]}` : source.replace(/^.*?\/src\//, 'src/');
    return {
      module,
      fn: `${original.name ?? frame.functionName} ${source.replace(/^.*node_modules\//, '').replace(/^.*?\/src\//, 'src/')}:${original.line ?? 0}`,
    };
  };
  return { locate, sourceOfLine };
};

const loadOnce = async (browser: Browser, appUrl: string, path: string, session: Cookie[]) => {
  const context = await browser.newContext({
    baseURL: appUrl,
    locale: 'en-GB',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies(session);
    await context.addInitScript(() => {
      const tasks: [number, number][] = [];
      (window as unknown as { __longTasks: [number, number][] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('requestfailed', (request) => errors.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    // The document request's monotonic time stands for the page's time origin (a few ms after it).
    let originUs = NaN;
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event: { type?: string; timestamp: number }) => {
      if (event.type === 'Document' && Number.isNaN(originUs)) originUs = event.timestamp * 1e6;
    });
    await cdp.send('Profiler.start');
    await page.goto(path);
    await page.locator('main').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(Number(process.env.PROFILE_SETTLE_MS ?? 1500));
    // A load that broke would profile an error page: its figures would flatter.
    if (errors.length > 0 || (await page.locator('main').count()) === 0) throw new Error(`${path} did not render: ${errors.join('; ') || 'no <main>'}`);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    if (process.env.PROFILE_DOM !== undefined) {
      const dom = await page.evaluate(() => ({
        elements: document.querySelectorAll('*').length,
        rules: [...document.styleSheets].reduce((sum, sheet) => sum + sheet.cssRules.length, 0),
        sheets: document.styleSheets.length,
        byRegion: Object.fromEntries(
          ['header', 'nav', 'main', '[role=dialog]', '[aria-label="Cookies on this admin"]', 'table', 'tbody'].map((selector) => [
            selector,
            document.querySelector(selector)?.querySelectorAll('*').length ?? 0,
          ]),
        ),
      }));
      console.log(`  DOM: ${JSON.stringify(dom)}`);
      if (process.env.PROFILE_DOM === 'shot') await page.screenshot({ path: join(tmpdir(), 'profile-page.png'), fullPage: true });
    }
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
    const fcp = await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
    return { profile, longTasks, fcp, originUs };
  } finally {
    await context.close();
  }
};

/**
 * PROFILE_TASKS=react: what a sample was part of, from its stack: a render React could slice
 * (`renderRootConcurrent`) or not (`renderRootSync`: a sync lane, the default lane, an expired
 * transition, or a sliced render redone because an external store changed during it), a commit,
 * passive effects, a module's evaluation, or else the task's outermost function.
 */
const reactPhaseOf = (nodes: Map<number, ProfileNode>, parents: Map<number, number>, nameOf: (frame: ProfileNode['callFrame']) => string) => {
  const PHASES: [string, string][] = [
    ['commitRoot', 'commit'],
    ['flushPassiveEffects', 'passive effects'],
    ['renderRootConcurrent', 'render, sliced'],
    ['renderRootSync', 'render, not sliced'],
  ];
  const cache = new Map<number, string>();
  return (id: number): string => {
    const known = cache.get(id);
    if (known !== undefined) return known;
    const names: string[] = [];
    let topLevel = false;
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (frame === undefined) break;
      names.push(nameOf(frame));
      if (frame.functionName === '' && frame.url.includes('/assets/') && frame.lineNumber === 0 && frame.columnNumber === 0) topLevel = true;
    }
    // The innermost phase: a commit's layout effects can set state, and React renders that in the commit's task.
    const phase = names.map((name) => PHASES.find(([fn]) => fn === name)?.[1]).find((found) => found !== undefined);
    const entry = names.filter((name) => name !== '' && !name.startsWith('(')).at(-1) ?? names.at(-1) ?? '?';
    const via = names.includes('performSyncWorkOnRoot') ? ', sync lane' : names.includes('performWorkOnRootViaSchedulerTask') ? ', scheduler task' : '';
    const result = phase === undefined ? (topLevel ? 'module evaluation' : `other (${entry})`) : `${phase}${via}`;
    cache.set(id, result);
    return result;
  };
};

/**
 * PROFILE_TASKS=eval: what a module's evaluation spent a sample in, by the functions its top-level
 * code called (two levels; `top-level <chunk>` for the statements themselves), so that a set-up
 * run as a module loads (a theme, an i18n instance) can be told from the modules' own code.
 */
const evaluationCallOf = (nodes: Map<number, ProfileNode>, parents: Map<number, number>, nameOf: (frame: ProfileNode['callFrame']) => string) => {
  const isTopLevel = (frame: ProfileNode['callFrame']) =>
    frame.functionName === '' && frame.url.includes('/assets/') && frame.lineNumber === 0 && frame.columnNumber === 0;
  return (leaf: number): string => {
    const stack: ProfileNode['callFrame'][] = [];
    for (let at: number | undefined = leaf; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (frame !== undefined) stack.push(frame);
    }
    const top = stack.findIndex(isTopLevel);
    if (top < 0) return 'not a module evaluation';
    const called = stack
      .slice(0, top)
      .reverse()
      .map(nameOf)
      .filter((name) => !/^(\(|\s)/.test(name));
    return called.slice(0, 2).join(' > ') || `top-level ${nameOf(stack[top] as ProfileNode['callFrame'])}`;
  };
};

const table = (title: string, totals: Map<string, number>, runs: number): void => {
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${title} (ms of CPU at ${CPU_SLOWDOWN}× per load, ${Math.round(all / runs / 1000)} in all)`);
  for (const [key, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${(us / runs / 1000).toFixed(1).padStart(7)}  ${key}`);
};

const main = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'profile-'));
  const outDir = join(dir, 'dist');
  const [apiPort, appPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const dbFile = join(dir, 'db.json');
  await writeBenchDb(dbFile, join(dir, 'outbox.json'));
  const api = createServer({
    dbFile,
    outboxFile: join(dir, 'outbox.json'),
    corsOrigins: [appUrl],
    appUrl,
    devMode: false,
    bcryptCost: BENCH_BCRYPT_COST,
  });
  const apiHttp = api.app.listen(apiPort, '127.0.0.1');
  // Open before the first load, as `npm start` does (bench/run.ts).
  await api.context.consentLog.ready();
  process.env.VITE_API_URL = apiUrl;
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      // Minified as shipped, but a statement a line: a chunk's lines are then its modules'.
      ...(process.env.PROFILE_LINES === undefined
        ? {}
        : { rolldownOptions: { output: { minify: { compress: true, mangle: true, codegen: { removeWhitespace: false } } } } }),
    },
  });
  await precompress(outDir);
  const appServer = await startAppServer(outDir, '127.0.0.1', appPort);
  const browser = await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS] });
  try {
    const session = await ownerSession(browser, appUrl);
    const { locate, sourceOfLine } = sourceMaps(outDir);
    for (const path of PATHS) {
      const byModule = new Map<string, number>();
      const byFunction = new Map<string, number>();
      // A chunk's top-level code is its modules' evaluation: split by line (PROFILE_LINES).
      const byModuleInit = new Map<string, number>();
      for (let run = 1; run <= RUNS; run += 1) {
        const { profile, longTasks, fcp, originUs } = await loadOnce(browser, appUrl, path, session);
        const blocking = longTasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
        console.log(
          `${path} run ${run}: FCP ${fcp} ms, long tasks (start+duration ms) ${longTasks.map(([s, d]) => `${s}+${d}`).join(' ')}; blocking ${blocking} ms`,
        );
        const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
        const selfUs = new Map<number, number>();
        profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
        for (const node of profile.nodes) {
          const { functionName, lineNumber, columnNumber, url } = node.callFrame;
          const ticks = node.positionTicks ?? [];
          const total = ticks.reduce((sum, tick) => sum + tick.ticks, 0);
          if (functionName !== '' || lineNumber !== 0 || columnNumber !== 0 || total === 0 || !url.includes('/assets/')) continue;
          for (const tick of ticks) {
            const key = sourceOfLine(url, tick.line);
            byModuleInit.set(key, (byModuleInit.get(key) ?? 0) + ((selfUs.get(node.id) ?? 0) * tick.ticks) / total);
          }
        }
        const located = new Map<number, { module: string; fn: string }>();
        const inTask = longTasks.map(() => new Map<string, number>());
        const parents = new Map<number, number>();
        for (const node of profile.nodes) for (const child of (node as ProfileNode & { children?: number[] }).children ?? []) parents.set(child, node.id);
        const reactPhase = reactPhaseOf(nodes, parents, (frame) => locate(frame).fn.split(' ')[0] ?? '');
        const evalCall = evaluationCallOf(nodes, parents, (frame) => locate(frame).fn);
        let at = profile.startTime;
        profile.samples.forEach((id, i) => {
          at += profile.timeDeltas[i] ?? 0;
          const node = nodes.get(id);
          if (node === undefined || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
          let where = located.get(id);
          if (where === undefined) {
            where = locate(node.callFrame);
            located.set(id, where);
          }
          const us = profile.timeDeltas[i + 1] ?? 0;
          byModule.set(where.module, (byModule.get(where.module) ?? 0) + us);
          byFunction.set(where.fn, (byFunction.get(where.fn) ?? 0) + us);
          const ms = (at - originUs) / 1000;
          const task = longTasks.findIndex(([start, duration]) => ms >= start && ms <= start + duration);
          const totals = inTask[task];
          // PROFILE_TASKS=files: what ran in each long task by source file rather than function.
          const key =
            process.env.PROFILE_TASKS === 'eval'
              ? evalCall(id)
              : process.env.PROFILE_TASKS === 'react'
                ? reactPhase(id)
                : process.env.PROFILE_TASKS === 'files'
                  ? where.fn.replace(/^\S* /, '').replace(/:\d+$/, '')
                  : where.fn;
          if (totals !== undefined) totals.set(key, (totals.get(key) ?? 0) + us);
        });
        if (process.env.PROFILE_TASKS !== undefined)
          longTasks.forEach(([start, duration], i) => {
            const entries = [...(inTask[i] ?? [])].sort((a, b) => b[1] - a[1]);
            const top = entries.slice(0, process.env.PROFILE_TASKS === 'files' || process.env.PROFILE_TASKS === 'eval' ? 14 : 5);
            // Our components and react-admin's, whatever their share: what rendered in the task.
            const ours = entries.filter(([fn]) => /^[A-Z]\w* (src\/|ra-)/.test(fn)).slice(0, 12);
            const show = (list: [string, number][]) => list.map(([fn, us]) => `${(us / 1000).toFixed(0)} ${fn.replace(/ \S*\//, ' ')}`).join(' | ');
            console.log(`  task @${start} ${duration} ms: ${show(top)}\n      components: ${show(ours)}`);
          });
      }
      table(`${path}: self time by module`, byModule, RUNS);
      table(`${path}: self time by function`, byFunction, RUNS);
      table(`${path}: modules' top-level code (evaluation)`, byModuleInit, RUNS);
    }
  } finally {
    await browser.close();
    await appServer.close();
    apiHttp.close();
  }
};

await main();
