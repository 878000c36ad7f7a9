import { SNIPPET_DEFAULTS_GLOBAL, snippetDefaultCommands } from '../src/consentDefaults';
import type { BannerBundle } from './composeBannerScript';
import { scriptJson } from './scriptJson';

/**
 * STD-8: the installation snippet's inline first part, which runs before anything after it on
 * the page while the core loads `async` behind it. Only what must come before any other tag:
 * with TCF on, the IAB stub (`__tcfapi` and its locator frame); with Consent Mode on, the
 * `dataLayer` and `gtag` where the page has none (never replacing what it has) and the
 * solution's Consent Mode defaults, left in `window.cmConsentDefaults` for the core to check
 * against its own (banner/src/consentMode.ts). Empty when neither is on: then nothing has to
 * run before the page's own scripts (marked scripts stay inert until the core activates them).
 * Depends only on the Consent Mode settings and whether TCF is on, not on texts or templates.
 * The Consent Mode part has no `<` (scriptJson escapes the data's): a CMS that escapes markup in
 * pasted code keeps it intact; the IAB stub is the package's own code.
 */
export const composeInlineScript = (
  bundle: Pick<BannerBundle, 'consentMode' | 'categories' | 'tcf' | 'gppModule'>,
  tcfStubRuntime?: string,
  gppStubRuntime?: string,
): string => {
  if (bundle.tcf && tcfStubRuntime === undefined) throw new Error('A banner with TCF on needs the IAB stub (banner/dist/tcfStub.js).');
  if (bundle.gppModule && gppStubRuntime === undefined) throw new Error('A banner with GPP on needs the GPP stub (banner/dist/gppStub.js).');
  const parts: string[] = [];
  if (bundle.tcf && tcfStubRuntime !== undefined) parts.push(tcfStubRuntime.trim());
  // STD-13: __gpp before any tag, like __tcfapi.
  if (bundle.gppModule && gppStubRuntime !== undefined) parts.push(gppStubRuntime.trim());
  if (bundle.consentMode) {
    const commands = scriptJson(snippetDefaultCommands(bundle.consentMode, bundle.categories));
    parts.push(
      `(function(w){var l=w.dataLayer=w.dataLayer||[];if(typeof w.gtag!="function")w.gtag=function(){l.push(arguments)};` +
        `(w.${SNIPPET_DEFAULTS_GLOBAL}=${commands}).forEach(function(c){w.gtag.apply(w,c)})})(window);`,
    );
  }
  return parts.join('\n');
};
