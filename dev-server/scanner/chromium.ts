import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * Where Chromium is: `CHROMIUM_PATH` (or the scanner's `chromiumPath` option), else `chromium` /
 * `chromium-browser` on PATH (also used by the browser tests and the benchmarks). Undefined when there is none:
 * the scanner then reports itself unavailable.
 */
export const findChromium = (explicit: string | undefined = process.env.CHROMIUM_PATH): string | undefined => {
  if (explicit !== undefined && explicit !== '') {
    try {
      accessSync(explicit, constants.X_OK);
      return explicit;
    } catch {
      return undefined;
    }
  }
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
      if (found !== '') return found;
    } catch {
      // try the next name
    }
  }
  return undefined;
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
  // WebRTC could otherwise reach addresses without the guard proxy.
  const args = [...base, '--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--disable-features=MediaRouter'];
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root)
    return { args: [...args, '--no-sandbox'], sandbox: false, note: "Chromium's sandbox is off: the scanner runs as root, where Chromium cannot use it" };
  return { args, sandbox: true, note: null };
};

export const withoutSandbox = (args: readonly string[]): string[] => [...args, '--no-sandbox'];
