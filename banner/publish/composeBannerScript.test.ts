import { gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { readBannerRuntime } from '../build/buildBanner';
import { composeBannerScript, withVisitor, type BannerBundle } from './composeBannerScript';

/** The built runtime (banner/dist, built from the current sources by the project's global setup). */
const runtime = readBannerRuntime('banner');

const bundle: BannerBundle = {
  consentSolutionId: 9,
  version: 4,
  consentVersion: 1,
  defaultLanguage: 'en',
  html: { en: '</script><p>x</p><button data-consent-action="accept">OK</button>' },
  toggleLabels: { en: { show: 'Show', hide: 'Hide' } },
  categories: ['necessary', 'statistics'],
  css: '',
  js: 'root.setAttribute("data-setup", consent.language); // trailing comment',
  displayFunction: 'root.hidden = false;',
  hideFunction: 'root.hidden = true;',
};

beforeEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'cm_consent_9=; max-age=0; path=/';
});

describe('the published script', () => {
  it('[BEYOND-1] [BEYOND-2] is the built runtime started with the config and the template functions, and parses', () => {
    const script = composeBannerScript(runtime, bundle);
    expect(script.startsWith('/* Consent banner: consent solution 9, version 4. Generated; do not edit. */\n(function (visitor) {\n')).toBe(true);
    expect(script).toContain(runtime.trim());
    expect(script).not.toContain('</script>');
    expect(() => new Function(script)).not.toThrow();
  });

  it('[BEYOND-2] runs on a page: mounts the banner, calls the template functions, adds only window.consentBanner', () => {
    const before = new Set(Object.keys(window));
    new Function(composeBannerScript(runtime, bundle))();
    const root = document.getElementById('cm-banner');
    expect(root?.getAttribute('data-setup')).toBe('en');
    expect(root?.hidden).toBe(false);
    expect(Object.keys(window).filter((key) => !before.has(key))).toEqual(['consentBanner']);
    root?.querySelector<HTMLElement>('[data-consent-action="accept"]')?.click();
    expect(root?.hidden).toBe(true);
    expect(decodeURIComponent(document.cookie)).toContain('"categories":["necessary","statistics"]');
  });

  it('[STD-4] the CDN passes the visitor\'s region rule to the call on the last line; opt-out shows no wall', () => {
    const script = composeBannerScript(runtime, { ...bundle, texts: { en: { gpcApplied: 'g', optOutNotice: 'n', doNotSell: 'Do not sell', settings: 's', consentId: 'c' } } });
    const served = withVisitor(script, { region: 'us', rule: 'opt-out' });
    expect(served.endsWith('})({"region":"us","rule":"opt-out"});\n')).toBe(true);
    expect(served.startsWith(script.slice(0, -'})(null);\n'.length))).toBe(true);
    new Function(served)();
    expect(document.getElementById('cm-banner')?.hidden).toBe(true);
    expect(document.getElementById('cm-notice')?.textContent).toContain('Do not sell');
    expect(withVisitor('(function () {})();\n', { region: 'us', rule: 'opt-out' })).toBe('(function () {})();\n');
  });

  it('[STD-8] the built runtime is minified and within the core budget (12 kB gzip)', () => {
    expect(runtime.trim().split('\n')).toHaveLength(1);
    expect(gzipSync(runtime).length).toBeLessThan(12_000);
  });
});
