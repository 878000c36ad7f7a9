import type { ConsentModeConfig } from './config';

/**
 * Google Consent Mode v2 (STD-1, STD-2): the `consent default` command before any tag can read
 * consent, then `consent update` with our categories mapped to Google's consent types, and a
 * `cm_consent_update` dataLayer event for Tag Manager triggers. Uses the page's `dataLayer` and
 * `gtag` when it has them and defines them otherwise; never removes what the page pushed.
 */

type Gtag = (...args: unknown[]) => void;
type ConsentState = Record<string, 'granted' | 'denied'>;

/** The page's globals as Google's snippet defines them (a page may hold anything there). */
const page = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag };

const dataLayer = (): unknown[] => (page.dataLayer = page.dataLayer || []);

const gtag = (): Gtag => {
  const layer = dataLayer();
  if (typeof page.gtag !== 'function') {
    // Google's tags read commands only as `arguments` objects (an array would be a data push).
    page.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
  }
  return page.gtag;
};

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
 * rule is opt-in). With `grantedOutsideOptIn`, a granted default for the world and a denied one
 * for the opt-in countries (Google applies the most specific region).
 */
export const pushConsentDefaults = (config: ConsentModeConfig, before: readonly string[], everything: readonly string[]): void => {
  const command = gtag();
  const wait = { wait_for_update: config.waitForUpdate };
  // Object.assign, not a spread: es2017 has no object spread, and its helper would grow the core.
  if (config.grantedOutsideOptIn) {
    command('consent', 'default', Object.assign(consentState(config.mapping, everything), wait));
    command('consent', 'default', Object.assign(consentState(config.mapping, before), wait, { region: config.optInCountries.slice() }));
  } else {
    command('consent', 'default', Object.assign(consentState(config.mapping, before), wait));
  }
  if (config.adsDataRedaction) command('set', 'ads_data_redaction', true);
  if (config.urlPassthrough) command('set', 'url_passthrough', true);
};

/** A decision (or a stored one on page load): the update, then the Tag Manager event. */
export const pushConsentUpdate = (config: ConsentModeConfig, categories: readonly string[]): void => {
  gtag()('consent', 'update', consentState(config.mapping, categories));
  dataLayer().push({ event: 'cm_consent_update', cm_consent_categories: categories.slice() });
};
