import type en from '../texts/en.json';
import type { GppLoad } from './gpp/gppConfig';

/**
 * The contract between publishing (the dev API, the admin's preview) and the runtime: the
 * config a published script starts the banner with, and what a template's functions receive.
 */

/** Published scripts only (CONST-2, BEYOND-9). */
export interface SiteOptions {
  /** Marked scripts stay blocked until their category is accepted. */
  autoblocking: boolean;
  /** The choice follows the visitor to the account's other shared-consent sites. */
  sharedConsent: boolean;
  sharedDomains: readonly string[];
}

/** STD-1/STD-2: Google Consent Mode v2, as published (only when the customer turned it on). */
export interface ConsentModeConfig {
  /** basic: Google tags stay blocked until consent (marked scripts); advanced: they load, denied. */
  mode: 'basic' | 'advanced';
  /** Google consent type → our category. */
  mapping: Record<string, string>;
  waitForUpdate: number;
  adsDataRedaction: boolean;
  urlPassthrough: boolean;
  grantedOutsideOptIn: boolean;
  /** ISO country codes of the opt-in regions, for the per-region default. */
  optInCountries: readonly string[];
}

/** The runtime's own texts (GPC, opt-out notice, consent id) in one language: English's keys (I18N-1). */
export type RuntimeTexts = (typeof en)['banner'];

/** PROMISE-1, PROMISE-2: the privacy-settings control's and the blocked embeds' placeholders' texts, per language. */
export interface ControlTexts {
  /** The floating privacy-settings button's accessible name. */
  privacySettings: string;
  /** A blocked embed's placeholder; `{category}` is the category's name in this language. */
  placeholder: string;
  placeholderAccept: string;
  /** The categories' names in this language (the solution's texts). */
  categories: Record<string, string>;
}

/** PROMISE-2: a cookie of the solution's list the banner removes when its category is declined. */
export interface ListedCookie {
  name: string;
  category: string;
}

/** STD-4: what the CDN decided for this visitor (the preview and an old script get none: opt-in). */
export interface Visitor {
  region: 'eu' | 'us' | 'other';
  rule: 'opt-in' | 'opt-out' | 'none';
  /** A US visitor's state (ISO 3166-2, e.g. `US-CA`) when the trusted CDN gives one. */
  state?: string;
  /**
   * STD-11: with TCF on, the Global Vendor List version the CDN holds as it serves the script, so
   * the TCF module encodes with the current list without a republish.
   */
  gvlVersion?: number;
}

export interface BannerConfig {
  consentSolutionId: number;
  /** The publication's version (0 in a preview). */
  version: number;
  consentVersion: number;
  defaultLanguage: string;
  /** Rendered html per language. */
  html: Record<string, string>;
  /** Show/hide details labels per language (the details toggle swaps them). */
  toggleLabels: Record<string, { show: string; hide: string }>;
  categories: readonly string[];
  css: string;
  /** Preview only: this language, always shown, events posted to the parent frame. */
  preview?: { language: string };
  site?: SiteOptions;
  consentMode?: ConsentModeConfig;
  /** STD-3/STD-4: the categories that "sell or share" (declined by the opt-out link, and by GPC). */
  saleShare?: readonly string[];
  /** STD-3: the browser's Global Privacy Control signal is honoured. */
  honourGpc?: boolean;
  texts?: Record<string, RuntimeTexts>;
  /** PROMISE-1, PROMISE-2: the control's and the placeholders' texts, per language. */
  controls?: Record<string, ControlTexts>;
  /** PROMISE-2: the optional cookies of the solution's list (withdrawing removes those it may reach). */
  cookies?: readonly ListedCookie[];
  /** STD-13: the IAB GPP module to load where its rules apply (published with GPP on). */
  gpp?: GppLoad;
}

/** The first-party cookie's value: the choice for one consent version. */
export interface StoredConsent {
  v: number;
  categories: string[];
  /** ISO date of the decision. */
  at: string;
  /** The visitor's anonymous id, shared with sibling sites when consent is shared. */
  aid: string;
  /** STD-3: decided under the browser's Global Privacy Control signal. */
  gpc?: boolean;
  /** STD-6: the consent id (the record's id), once the API answered. */
  id?: string;
}

/** `window.consentBanner`, and the `consent` argument of a template's functions. */
export interface ConsentApi {
  language: string;
  categories: string[];
  show: () => void;
  hide: () => void;
  accept: () => void;
  decline: () => void;
  save: () => void;
  toggleDetails: () => void;
  get: () => StoredConsent | null;
  anonymousId: () => string | null;
}

/** A template's function: the customer's code, called with `(root, consent)`. */
export type TemplateFunction = (root: HTMLElement, consent: ConsentApi) => void;

export interface TemplateFunctions {
  js: TemplateFunction;
  displayFunction: TemplateFunction;
  hideFunction: TemplateFunction;
}

/**
 * An optional module the published script hands to the banner (the TCF module, TCF-4): it adds
 * its content to the banner, may ask again, and turns each decision into its own signal.
 */
export interface BannerAddon {
  /** STD-11: what the addon needs before it mounts (the current vendor list); `done` is always called. */
  load?: (context: { visitor: Visitor | null; script: HTMLOrSVGScriptElement | null; language: string }, done: () => void) => void;
  /** Called once the html is in; true when the visitor must be asked again whatever the cookie says. */
  mount: (root: HTMLElement, language: string, visitor: Visitor | null) => boolean;
  /** The banner became visible. */
  shown: () => void;
  /** A decision: the categories it grants, and the signal to keep in the record. */
  decide: (action: string, categories: string[]) => { categories: string[]; tcString?: string; acString?: string };
}
