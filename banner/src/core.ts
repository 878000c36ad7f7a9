import { onceFirstPainted } from './afterFirstPaint';
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
 * The published banner's core (STD-8): the installation snippet's synchronous script, kept
 * tiny. It runs the guard (Consent Mode defaults, autoblocking) before any other tag, then
 * loads the UI of the visitor's language as an async script, which never blocks the page's
 * first paint: fetched at once, run after it.
 */
export const start = (config: CoreConfig, visitor: Visitor | null): void => {
  startGuard(config, visitor);
  const own = document.currentScript;
  const file = config.ui[pickLanguage(config.ui, config.defaultLanguage)];
  if (!(own instanceof HTMLScriptElement) || !own.src || file === undefined) return;
  const src = withVisitorParam(new URL(file, own.src), visitor);
  const parent = document.head || document.documentElement;
  // Downloaded now, run once the first frame is painted: its parsing never holds that frame up.
  const preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'script';
  preload.href = src;
  parent.appendChild(preload);
  onceFirstPainted(() => {
    const ui = document.createElement('script');
    ui.async = true;
    ui.src = src;
    parent.appendChild(ui);
  });
};
