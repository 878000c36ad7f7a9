import { readdirSync, readFileSync } from 'node:fs';
import { execPath } from 'node:process';
import { describe, expect, it } from 'vitest';
import { findScannerChromium, launchScannerChromium, scannerLaunch, scannerNice } from './chromium';

/** Every process descended from `root`, with its nice value (from /proc: `man 5 proc`, stat fields 4 and 19). */
const descendants = (root: number): { pid: number; nice: number; name: string }[] => {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(entry), ppid: Number(fields[1]), nice: Number(fields[16]), name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) }];
      } catch {
        return [];
      }
    });
  const found: { pid: number; nice: number; name: string }[] = [];
  const walk = (pid: number): void => {
    for (const child of all.filter((p) => p.ppid === pid)) {
      found.push(child);
      walk(child.pid);
    }
  };
  walk(root);
  return found;
};

/** The CPU group of a process's session and its nice (`/autogroup-N nice K`), where the kernel groups sessions (`man 7 sched`). */
const autogroup = (pid: number): string | null => {
  try {
    return readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
  } catch {
    return null;
  }
};

/** A PATH with the given programs on it (each found at /bin/<name>). */
const path =
  (...names: string[]) =>
  (name: string): string | undefined =>
    names.includes(name) ? `/bin/${name}` : undefined;

describe("the scanner's browser", () => {
  it('[SCAN-3] prefers the headless shell on PATH to the full Chromium, CHROMIUM_PATH included', () => {
    expect(findScannerChromium(undefined, {}, path('chromium', 'chromium-headless-shell'))).toBe('/bin/chromium-headless-shell');
    expect(findScannerChromium(undefined, { CHROMIUM_PATH: execPath }, path('chromium-headless-shell'))).toBe('/bin/chromium-headless-shell');
  });

  it('[SCAN-3] falls back to CHROMIUM_PATH, then the full Chromium on PATH, when there is no headless shell', () => {
    expect(findScannerChromium(undefined, { CHROMIUM_PATH: execPath }, path('chromium'))).toBe(execPath);
    expect(findScannerChromium(undefined, {}, path('chromium-browser'))).toBe('/bin/chromium-browser');
    expect(findScannerChromium(undefined, {}, path())).toBeUndefined();
  });

  it('[SCAN-3] takes SCANNER_CHROMIUM_PATH or an explicit path alone, and none when it cannot run', () => {
    expect(findScannerChromium(undefined, { SCANNER_CHROMIUM_PATH: execPath }, path('chromium-headless-shell'))).toBe(execPath);
    expect(findScannerChromium(undefined, { SCANNER_CHROMIUM_PATH: '/nonexistent/shell' }, path('chromium-headless-shell'))).toBeUndefined();
    expect(findScannerChromium(execPath, { SCANNER_CHROMIUM_PATH: '/nonexistent/shell' }, path('chromium-headless-shell'))).toBe(execPath);
    expect(findScannerChromium('/nonexistent/chromium', {}, path('chromium-headless-shell'))).toBeUndefined();
  });

  it('[SCAN-3] SCANNER_NICE sets how far below the API the browser runs: 10 unless set, 0 to 19, anything else refused', () => {
    expect(scannerNice({})).toBe(10);
    expect(scannerNice({ SCANNER_NICE: '' })).toBe(10);
    expect(scannerNice({ SCANNER_NICE: '0' })).toBe(0);
    expect(scannerNice({ SCANNER_NICE: '19' })).toBe(19);
    for (const wrong of ['20', '-1', '2.5', 'low']) expect(() => scannerNice({ SCANNER_NICE: wrong })).toThrow(/SCANNER_NICE/);
  });

  it.runIf(process.platform === 'linux' && findScannerChromium() !== undefined)(
    "[SCAN-3] the scanner's Chromium, its zygote and the renderer of a page it opens run 10 below the API's priority, their session's CPU group too",
    async () => {
      const own = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[16]);
      const ownGroup = autogroup(process.pid);
      const browser = await launchScannerChromium(findScannerChromium() as string, scannerLaunch().args, 10);
      try {
        const page = await browser.newPage();
        await page.setContent('<p>renderer</p>');
        const tree = descendants(process.pid).filter((p) => !p.name.startsWith('node') && p.name !== 'esbuild');
        // The browser, its zygotes and utilities, and at least one renderer.
        expect(tree.length).toBeGreaterThanOrEqual(3);
        expect(new Set(tree.map((p) => p.nice))).toEqual(new Set([Math.min(19, own + 10)]));
        // With sessions grouped (autogroup), the kernel shares the CPU between groups first: the browser's group is niced, the API's left as it was.
        if (ownGroup !== null) {
          expect(new Set(tree.map((p) => autogroup(p.pid)?.replace(/^\/autogroup-\d+ /, '')))).toEqual(new Set(['nice 10']));
          expect(tree.every((p) => autogroup(p.pid)?.split(' ')[0] !== ownGroup.split(' ')[0])).toBe(true);
          expect(autogroup(process.pid)).toBe(ownGroup);
        }
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
