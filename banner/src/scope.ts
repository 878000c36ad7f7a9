import type { BannerConfig, SiteOptions, Visitor } from './config';
import { gpcSignal, withoutDeclined } from './gpc';

/** What the core and the UI both need of the config to agree on a visitor's consent. */
export type ScopeConfig = Pick<BannerConfig, 'categories' | 'site' | 'consentMode' | 'saleShare' | 'honourGpc'>;

export interface ConsentScope {
  /** Basic Consent Mode: Google tags (marked scripts) wait for consent even without autoblocking. */
  site: SiteOptions | undefined;
  rule: Visitor['rule'];
  gpc: boolean;
  /** What the visitor may accept: under GPC, never the sale/share categories (STD-3). */
  allowed: (categories: readonly string[]) => string[];
  everything: string[];
  /** Before any decision: only the necessary categories where consent comes first (STD-4). */
  undecided: string[];
}

export const consentScope = (config: ScopeConfig, visitor: Visitor | null | undefined, preview: boolean): ConsentScope => {
  const consentMode = preview ? undefined : config.consentMode;
  // Object.assign, not a spread: es2017 has no object spread, and its helper would double the core.
  const site = config.site && consentMode?.mode === 'basic' ? Object.assign({}, config.site, { autoblocking: true }) : config.site;
  const rule = visitor?.rule ?? 'opt-in';
  const saleShare = config.saleShare ?? [];
  const gpc = !preview && config.honourGpc === true && gpcSignal();
  const allowed = (categories: readonly string[]): string[] => (gpc ? withoutDeclined(categories, saleShare) : categories.slice());
  const everything = allowed(config.categories);
  return { site, rule, gpc, allowed, everything, undecided: rule === 'opt-in' ? ['necessary'] : everything };
};
