import { onceFirstPainted, oncePainted } from './afterFirstPaint';
import type { Visitor } from './config';
import { startGuard, type GuardConfig } from './guard';
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
 * early arrival must not hold up the page's first paint: it only notes its own script and
 * leaves everything else, the UI's download too (starting a request costs the page's main
 * thread several milliseconds), until that paint; marked scripts stay inert meanwhile, and
 * one scan then finds those parsed before. The UI of the visitor's language runs after the
 * first paint: its script tag fetches it then, or a preload at once while the page is still
 * being parsed.
 */
export const start = (config: CoreConfig, visitor: Visitor | null): void => {
  // The page names the running script only while it runs.
  const own = document.currentScript;
  const run = (): void => {
    const file = config.ui[pickLanguage(config.ui, config.defaultLanguage)];
    const src = own instanceof HTMLScriptElement && own.src !== '' && file !== undefined ? withVisitorParam(new URL(file, own.src), visitor) : '';
    const parent = document.head || document.documentElement;
    if (src !== '' && document.readyState === 'loading') {
      // Downloaded now, run once the first frame is painted: its parsing never holds that frame up.
      const preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'script';
      preload.href = src;
      parent.appendChild(preload);
    }
    startGuard(config, visitor);
    if (src === '') return;
    onceFirstPainted(() => {
      const ui = document.createElement('script');
      ui.async = true;
      ui.src = src;
      parent.appendChild(ui);
    });
  };
  if (own instanceof HTMLScriptElement && own.async) oncePainted(run);
  else run();
};
