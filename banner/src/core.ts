import { afterFirstPaint, hasPainted, onceFirstPainted } from './afterFirstPaint';
import type { Visitor } from './config';
import { startGuard, startGuardAsync, type GuardConfig } from './guard';
import { pickLanguage } from './language';
import { withVisitorParam } from './visitor';

export interface CoreConfig extends GuardConfig {
  defaultLanguage: string;
  /** The UI's script per language, relative to the core's URL. */
  ui: Record<string, string>;
}

/**
 * The published banner's core (STD-8), the installation snippet's script, kept tiny. Behind
 * the synchronous tag it runs the guard (Consent Mode defaults, autoblocking) at once, before
 * any other tag. Behind the async snippet, whose inline part has sent the defaults already, an
 * early arrival must not hold up the page's first paint: the guard waits for that paint (marked
 * scripts stay inert meanwhile, and one scan then finds those parsed before); the snippet's
 * loader adds the core after that paint, and then it runs at once. Either way the UI of the
 * visitor's language is fetched at once and run after the first paint; the loader's script
 * (`banner-full.js`) carries that UI with it (`embeddedUi`), so there is nothing to fetch.
 */
export const start = (config: CoreConfig, visitor: Visitor | null, embeddedUi?: (script: HTMLScriptElement) => void): void => {
  const own = document.currentScript;
  const file = embeddedUi ? undefined : config.ui[pickLanguage(config.ui, config.defaultLanguage)];
  const withUi = own instanceof HTMLScriptElement && own.src !== '' && file !== undefined;
  const parent = document.head || document.documentElement;
  // A hidden page (a background tab, a prerender) paints no frame until shown: nothing to hold up,
  // and waiting for a frame would hold a returning visitor's Consent Mode update and accepted tags.
  const isAsync = own instanceof HTMLScriptElement && own.async;
  const deferred = isAsync && !hasPainted() && document.visibilityState !== 'hidden';
  let src = '';
  if (withUi) {
    src = withVisitorParam(new URL(file, own.src), visitor);
    // The UI waits for the page's first paint: downloaded meanwhile, its parsing never holds that
    // frame up. Added after that paint (the snippet's loader), the core adds the UI at once and a
    // preload would be one more request to set up.
    if (deferred || document.readyState === 'loading') {
      const preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'script';
      preload.href = src;
      parent.appendChild(preload);
    }
  }
  const addUi = (): void => {
    if (embeddedUi && own instanceof HTMLScriptElement) return onceFirstPainted(() => embeddedUi(own));
    if (!withUi) return;
    onceFirstPainted(() => {
      const ui = document.createElement('script');
      ui.async = true;
      ui.src = src;
      parent.appendChild(ui);
    });
  };
  const run = (): void => {
    if (isAsync) return startGuardAsync(config, visitor, addUi);
    startGuard(config, visitor);
    addUi();
  };
  if (deferred) afterFirstPaint(run);
  else run();
};
