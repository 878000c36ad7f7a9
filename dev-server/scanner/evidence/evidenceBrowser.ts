import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/**
 * SCAN-4: a Chromium that keeps third-party cookies, as a visitor's Chrome does by default, so
 * that a tracker's own cookie (its pixel's, its iframe's) is in the evidence. Playwright's
 * contexts are off-the-record profiles, which Chromium's default ("block third-party cookies in
 * Incognito") refuses them to; Chromium has no switch for it, only the profile preference. So the
 * browser starts on a throw-away profile whose preferences allow them, and the contexts opened
 * with `browser.newContext()` (fresh, one per consent state) inherit that.
 */

export interface EvidenceBrowser {
  browser: Browser;
  /** Closes the browser and removes its profile. */
  close: () => Promise<void>;
}

export interface EvidenceBrowserOptions {
  executablePath: string;
  /** Chromium's flags (chromium.ts's CHROMIUM_ARGS, plus e.g. `--host-resolver-rules` in tests). */
  args: readonly string[];
  timeoutMs?: number;
}

/** Chromium's `CookieControlsMode::kOff`: third-party cookies allowed in every profile. */
const ALLOW_THIRD_PARTY_COOKIES = { profile: { cookie_controls_mode: 0, block_third_party_cookies: false } };

export const launchEvidenceBrowser = async (options: EvidenceBrowserOptions): Promise<EvidenceBrowser> => {
  const profile = mkdtempSync(join(tmpdir(), 'scanner-profile-'));
  try {
    mkdirSync(join(profile, 'Default'));
    writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify(ALLOW_THIRD_PARTY_COOKIES));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: options.executablePath,
      args: [...options.args],
      timeout: options.timeoutMs ?? 30_000,
    });
    const browser = persistent.browser();
    if (!browser) throw new Error('Chromium gave no browser for its persistent context');
    return {
      browser,
      close: async () => {
        await persistent.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
};
