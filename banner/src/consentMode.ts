import type { ConsentModeConfig } from './config';
import { consentDefaultCommands, consentState, snippetDefaultCommands, SNIPPET_DEFAULTS_GLOBAL } from './consentDefaults';

/**
 * Google Consent Mode v2 (STD-1, STD-2): the `consent default` command before any tag can read
 * consent, then `consent update` with our categories mapped to Google's consent types, and a
 * `cm_consent_update` dataLayer event for Tag Manager triggers. Uses the page's `dataLayer` and
 * `gtag` when it has them and defines them otherwise; never removes what the page pushed.
 */

type Gtag = (...args: unknown[]) => void;

/** The page's globals as Google's snippet defines them (a page may hold anything there). */
const page = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag } & Record<typeof SNIPPET_DEFAULTS_GLOBAL, unknown>;

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

const push = (commands: readonly unknown[][]): void => {
  const command = gtag();
  for (const args of commands) command(...args);
};

/**
 * The defaults for this visitor (STD-8). Behind the async snippet, its inline part has pushed
 * the solution's defaults already, before any tag: then only what differs for this visitor
 * (a rule that grants before deciding) is sent, as an update; and a snippet copied before a
 * Consent Mode setting changed is corrected the same way and reported, so the page's owner
 * copies it again. Without the inline part (the synchronous snippet), the defaults go first now.
 * `categories`: every category of the solution (what the snippet was made from).
 */
export const pushConsentDefaults = (
  config: ConsentModeConfig,
  before: readonly string[],
  everything: readonly string[],
  categories: readonly string[],
  decided: boolean,
): void => {
  const mine = consentDefaultCommands(config, before, everything);
  const inline = page[SNIPPET_DEFAULTS_GLOBAL];
  if (!(inline instanceof Array)) {
    push(mine);
    return;
  }
  const stale = JSON.stringify(inline) !== JSON.stringify(snippetDefaultCommands(config, categories));
  if (stale) console.warn('Consent banner: the installation snippet is out of date (Consent Mode settings changed); copy it again from the Installation tab.');
  if (stale) push(mine.filter((args) => args[0] === 'set'));
  // A stored choice's update follows at once: no state in between that it would contradict.
  if (!decided && (stale || JSON.stringify(inline) !== JSON.stringify(mine))) gtag()('consent', 'update', consentState(config.mapping, before));
};

/** A snippet whose inline part speaks Consent Mode while the solution no longer does: only its owner can fix it. */
export const warnIfSnippetSpeaksConsentMode = (): void => {
  if (page[SNIPPET_DEFAULTS_GLOBAL] instanceof Array)
    console.warn('Consent banner: the installation snippet sets Consent Mode defaults, which are now off; copy it again from the Installation tab.');
};

/** A decision (or a stored one on page load): the update, then the Tag Manager event. */
export const pushConsentUpdate = (config: ConsentModeConfig, categories: readonly string[]): void => {
  gtag()('consent', 'update', consentState(config.mapping, categories));
  dataLayer().push({ event: 'cm_consent_update', cm_consent_categories: categories.slice() });
};
