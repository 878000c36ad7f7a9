import type { CookieCategory } from '../../../src/schemas/cookie';
import type { ScannedCookie } from '../../../src/schemas/scanner';
import { classifyCookie, type CookieClassifier } from '../classification/classifyCookie';
import { consentCategoryOfHost } from '../classification/thirdParties';
import { CONSENT_STATES, type ConsentState, type PageEvidence } from './types';

/**
 * SCAN-4: compliance findings from the evidence of the four states. Anything not necessary (the
 * customer's categories first, then the Open Cookie Database; a third-party host by
 * third-party-web) that is set or sent before consent, after "reject all" or with GPC on is a
 * finding, once per state and item, with the page where it was first seen. A "reject all" the
 * scanner could not reach is a finding itself (a reject option is missing), and what that state's
 * pages hold is then not attributed to it.
 */

export type CheckedState = Exclude<ConsentState, 'accept'>;
export type ItemKind = 'cookie' | 'local_storage' | 'session_storage' | 'indexed_db' | 'third_party_request';

export interface ComplianceFinding {
  kind: ItemKind | 'state_unreached';
  state: CheckedState;
  /** The cookie, storage key or database name, or the request's host; empty for `state_unreached`. */
  name: string;
  /** The cookie's domain, the storage's host, or the host's registrable domain. */
  domain: string;
  party: 'first' | 'third';
  category: CookieCategory;
  /** Who classified it. */
  classifiedBy: 'customer' | 'database' | 'product' | 'third-party-web' | 'none';
  /** The vendor (the database's platform, or third-party-web's company), when known. */
  vendor: string | null;
  /** The first page of the state where it was seen (in the order given). */
  firstSeenUrl: string;
  /** How many pages of the state had it. */
  pages: number;
}

export interface FindingOptions {
  /** Default: the Open Cookie Database alone; pass `customerFirst(rows)` for a customer's scan. */
  classify?: CookieClassifier;
  /** Hosts that serve the consent manager itself (our CDN): requests there are necessary. */
  necessaryHosts?: readonly string[];
}

const CHECKED: readonly ConsentState[] = ['before', 'reject', 'gpc'];

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

const within = (host: string, parent: string): boolean => host === parent || host.endsWith(`.${parent}`);

type Draft = Omit<ComplianceFinding, 'state' | 'firstSeenUrl' | 'pages'>;

/** The items of one page that need consent. */
const itemsOf = (page: PageEvidence, classify: CookieClassifier, necessaryHosts: readonly string[]): Draft[] => {
  const items: Draft[] = [];
  const host = hostOf(page.finalUrl);
  const add = (kind: ItemKind, name: string, domain: string, party: 'first' | 'third'): void => {
    const found = classify(name, domain);
    if (found.category !== 'necessary') items.push({ kind, name, domain, party, category: found.category, classifiedBy: found.source, vendor: found.platform });
  };
  for (const cookie of page.cookies) add('cookie', cookie.name, cookie.domain, cookie.party);
  for (const key of page.localStorage) add('local_storage', key, host, 'first');
  for (const key of page.sessionStorage) add('session_storage', key, host, 'first');
  for (const name of page.indexedDb) add('indexed_db', name, host, 'first');
  for (const request of page.thirdParties) {
    if (necessaryHosts.some((parent) => within(request.host, parent.toLowerCase()))) continue;
    const category = consentCategoryOfHost(request.category);
    if (category === 'necessary') continue;
    items.push({
      kind: 'third_party_request',
      name: request.host,
      domain: request.domain,
      party: 'third',
      category,
      classifiedBy: request.category ? 'third-party-web' : 'none',
      vendor: request.company,
    });
  }
  return items;
};

export const complianceFindings = (evidence: readonly PageEvidence[], options: FindingOptions = {}): ComplianceFinding[] => {
  const classify = options.classify ?? classifyCookie;
  const necessaryHosts = options.necessaryHosts ?? [];
  const findings = new Map<string, ComplianceFinding>();
  const unreached = new Set(evidence.filter((page) => page.reachedBy === 'unreached').map((page) => page.state));
  for (const page of evidence) {
    if (!CHECKED.includes(page.state) || unreached.has(page.state)) continue;
    const state = page.state as CheckedState;
    for (const item of itemsOf(page, classify, necessaryHosts)) {
      const key = [state, item.kind, item.name, item.domain].join('\u0000');
      const known = findings.get(key);
      if (known) known.pages += 1;
      else findings.set(key, { ...item, state, firstSeenUrl: page.url, pages: 1 });
    }
  }
  for (const state of CHECKED) {
    const first = evidence.find((page) => page.state === state && unreached.has(state));
    if (first)
      findings.set(`${state}\u0000unreached`, {
        kind: 'state_unreached',
        state: state as CheckedState,
        name: '',
        domain: first.site,
        party: 'first',
        category: 'unclassified',
        classifiedBy: 'none',
        vendor: null,
        firstSeenUrl: first.url,
        pages: evidence.filter((page) => page.state === state).length,
      });
  }
  // Code-point order: the same on every machine, whatever its locale.
  const order = (f: ComplianceFinding): string => `${CONSENT_STATES.indexOf(f.state)}\u0000${f.kind}\u0000${f.name}\u0000${f.domain}`;
  return [...findings.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
};

const OWN_CONSENT_COOKIE = /^cm_consent_\d+$/;
/** The cookie list's longest expiry (src/schemas/cookie.ts). */
const EXPIRY_MAX_DAYS = 3650;

/**
 * The cookies of a scan as the triage inbox compares them today (new, changed, gone, set before
 * consent in scanner.ts): one per name and domain over every state, set before consent when the
 * "before" state had it, expiry as last seen. The banner's own consent cookie is left out, as the
 * crawler leaves it out.
 */
export const scannedCookiesOf = (evidence: readonly PageEvidence[]): ScannedCookie[] => {
  const cookies = new Map<string, ScannedCookie>();
  const ordered = [...evidence].sort((a, b) => a.collectedAt.localeCompare(b.collectedAt));
  for (const page of ordered) {
    for (const cookie of page.cookies) {
      if (OWN_CONSENT_COOKIE.test(cookie.name)) continue;
      const domain = cookie.domain.toLowerCase();
      const key = `${cookie.name}\u0000${domain}`;
      const expiryDays = cookie.expiryDays === null ? null : Math.min(EXPIRY_MAX_DAYS, cookie.expiryDays);
      const known = cookies.get(key);
      if (known) {
        known.lastSeen = page.collectedAt;
        known.expiryDays = expiryDays;
        known.setBeforeConsent ||= page.state === 'before';
      } else
        cookies.set(key, {
          name: cookie.name,
          domain,
          expiryDays,
          firstSeen: page.collectedAt,
          lastSeen: page.collectedAt,
          setBeforeConsent: page.state === 'before',
        });
    }
  }
  return [...cookies.values()].sort((a, b) => a.name.localeCompare(b.name) || a.domain.localeCompare(b.domain));
};
