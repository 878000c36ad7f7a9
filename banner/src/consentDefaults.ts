import type { ConsentModeConfig } from './config';

/**
 * Google Consent Mode v2's commands as data (STD-1, STD-2), with no reference to the page: the
 * core pushes them, and publishing writes the same ones into the installation snippet's inline
 * part (banner/publish/composeInlineScript.ts), so both always agree.
 */

export type ConsentState = Record<string, 'granted' | 'denied'>;

/** Google's consent types from our accepted categories; `security_storage` is always granted. */
export const consentState = (mapping: ConsentModeConfig['mapping'], categories: readonly string[]): ConsentState => {
  const state: ConsentState = {};
  for (const type of Object.keys(mapping)) {
    const category = mapping[type] ?? '';
    state[type] = category === 'necessary' || categories.includes(category) ? 'granted' : 'denied';
  }
  state.security_storage = 'granted';
  return state;
};

/**
 * The defaults, for the categories a visitor has before deciding (only `necessary` where the
 * rule is opt-in), as `gtag` argument lists. With `grantedOutsideOptIn`, a granted default for
 * the world and a denied one for the opt-in countries (Google applies the most specific region).
 */
export const consentDefaultCommands = (config: ConsentModeConfig, before: readonly string[], everything: readonly string[]): unknown[][] => {
  const wait = { wait_for_update: config.waitForUpdate };
  // Object.assign, not a spread: es2017 has no object spread, and its helper would grow the core.
  const commands: unknown[][] = config.grantedOutsideOptIn
    ? [
        ['consent', 'default', Object.assign(consentState(config.mapping, everything), wait)],
        ['consent', 'default', Object.assign(consentState(config.mapping, before), wait, { region: config.optInCountries.slice() })],
      ]
    : [['consent', 'default', Object.assign(consentState(config.mapping, before), wait)]];
  if (config.adsDataRedaction) commands.push(['set', 'ads_data_redaction', true]);
  if (config.urlPassthrough) commands.push(['set', 'url_passthrough', true]);
  return commands;
};

/** What the snippet's inline part pushes: the defaults of a visitor the CDN has not placed yet (opt-in). */
export const snippetDefaultCommands = (config: ConsentModeConfig, categories: readonly string[]): unknown[][] =>
  consentDefaultCommands(config, ['necessary'], categories);

/** The global the inline part leaves its commands in, for the core to check against its own. */
export const SNIPPET_DEFAULTS_GLOBAL = 'cmConsentDefaults';
