import { execPath } from 'node:process';
import { describe, expect, it } from 'vitest';
import { findScannerChromium } from './chromium';

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
});
