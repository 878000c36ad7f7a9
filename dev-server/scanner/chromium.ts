import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (name: string): string | undefined => {
  try {
    const found = execFileSync('sh', ['-c', `command -v ${name}`], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return found === '' ? undefined : found;
  } catch {
    return undefined;
  }
};

/**
 * Where the full Chromium is, for the browser tests and the benchmarks: `CHROMIUM_PATH`, else
 * `chromium` / `chromium-browser` on PATH. Undefined when there is none.
 */
export const findChromium = (
  explicit: string | undefined = process.env.CHROMIUM_PATH,
  lookUp: (name: string) => string | undefined = onPath,
): string | undefined => {
  if (explicit !== undefined && explicit !== '') return executable(explicit) ? explicit : undefined;
  return lookUp('chromium') ?? lookUp('chromium-browser');
};

/**
 * SCAN-3: the scanner's browser. Chromium's headless shell (Debian's `chromium-headless-shell`, the
 * same engine without the desktop browser's UI layer) costs about a quarter of the CPU per page
 * load of the full browser in its headless mode (docs/performance.md, "The scanner"), so a worker prefers
 * it: `SCANNER_CHROMIUM_PATH`, else `chromium-headless-shell` on PATH, else the full Chromium
 * (`CHROMIUM_PATH`, `chromium`). An explicit path (the `chromiumPath` option) is the only one
 * tried. Undefined when there is none: the scanner then reports itself unavailable.
 */
export const findScannerChromium = (
  explicit?: string,
  env: { SCANNER_CHROMIUM_PATH?: string; CHROMIUM_PATH?: string } = process.env,
  lookUp: (name: string) => string | undefined = onPath,
): string | undefined => {
  if (explicit !== undefined && explicit !== '') return executable(explicit) ? explicit : undefined;
  const configured = env.SCANNER_CHROMIUM_PATH;
  if (configured !== undefined && configured !== '') return executable(configured) ? configured : undefined;
  return lookUp('chromium-headless-shell') ?? findChromium(env.CHROMIUM_PATH, lookUp);
};

/** For the browser tests and benchmarks, which cannot run without it: the path, or a message that says what to do. */
export const requireChromium = (): string => {
  const found = findChromium();
  if (found === undefined) throw new Error('Chromium not found: run scripts/ensure-chromium.sh or set CHROMIUM_PATH');
  return found;
};

/** Flags from stack.md: the machine's closed network refuses Chromium's background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/**
 * SCAN-6: the scanner's Chromium runs sandboxed wherever it can. Chromium refuses its sandbox to
 * root (and a container may lack the namespaces it needs): then it runs without, and says so.
 */
export const scannerLaunch = (): { args: string[]; sandbox: boolean; note: string | null } => {
  const base = CHROMIUM_ARGS.filter((arg) => arg !== '--no-sandbox');
  // WebRTC could otherwise reach addresses without the guard proxy. RenderDocument made each of a
  // kept page's navigations (about:blank, then the page) build a new frame, view and compositor in
  // the renderer and tear down the last: off, a page load costs about 30 % less CPU
  // (docs/performance.md). The documents, their storage and cookies are new either way.
  const args = [...base, '--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--disable-features=MediaRouter,RenderDocument'];
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root)
    return { args: [...args, '--no-sandbox'], sandbox: false, note: "Chromium's sandbox is off: the scanner runs as root, where Chromium cannot use it" };
  return { args, sandbox: true, note: null };
};

export const withoutSandbox = (args: readonly string[]): string[] => [...args, '--no-sandbox'];

const NICE_LAUNCHER = join(dirname(fileURLToPath(import.meta.url)), 'niceChromium.sh');

/**
 * SCAN-3: how far below the API's CPU priority a worker's Chromium runs (`nice`, 0-19):
 * `SCANNER_NICE`, default 10; 0 runs it at the API's. On a machine the API shares with a worker (the
 * one `npm start` runs, or `npm run scanner` beside it) a crawl keeps both cores busy, and the
 * admin's requests then waited for it: at 10 the kernel gives the API the CPU first.
 */
export const scannerNice = (env: { SCANNER_NICE?: string } = process.env): number => {
  const value = env.SCANNER_NICE;
  if (value === undefined || value.trim() === '') return 10;
  const nice = Number(value);
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new Error(`SCANNER_NICE must be an integer from 0 to 19, not "${value}"`);
  return nice;
};

/**
 * Launches the scanner's Chromium at `nice` (through `niceChromium.sh`, which `exec`s the browser
 * under `nice`, so the browser, its zygote and every renderer it forks inherit the priority).
 */
export const launchScannerChromium = (executablePath: string, args: readonly string[], nice: number = scannerNice()): Promise<Browser> =>
  nice === 0
    ? chromium.launch({ executablePath, args: [...args], timeout: 60_000 })
    : chromium.launch({
        executablePath: NICE_LAUNCHER,
        args: [...args],
        timeout: 60_000,
        env: { ...process.env, SCANNER_CHROMIUM_BINARY: executablePath, SCANNER_CHROMIUM_NICE: String(nice) },
      });
