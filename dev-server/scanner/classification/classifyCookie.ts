import type { CookieCategory } from '../../../src/schemas/cookie';
import { openCookieDatabase, type CookieDatabaseEntry } from './openCookieDatabase';
import { registrableDomain } from './thirdParties';

/**
 * SCAN-5: the category of a cookie or storage key, the customer's own categorisation first, then
 * the Open Cookie Database: exact names before patterns, the longest pattern first. Among entries
 * of one name, the one naming the cookie's domain wins, then one naming no domain, then one naming
 * another domain (the database often names the vendor's domain for a cookie its script writes on
 * the customer's, like Meta's `_fbp`). A pattern naming a domain matches only on that domain: the
 * database's short vendor prefixes (`_s`, `CT`) would otherwise take over unrelated names.
 */

export interface CookieClassification {
  category: CookieCategory;
  /** Who said so: the customer's cookie list, the Open Cookie Database, the product (its own consent cookie), or nobody. */
  source: 'customer' | 'database' | 'product' | 'none';
  /** How the database matched: the whole name, or a pattern's prefix; null otherwise. */
  match: 'exact' | 'prefix' | null;
  /** The database's name or prefix that matched. */
  pattern: string | null;
  /** The platform (vendor product) the database names, e.g. `Google Analytics`. */
  platform: string | null;
  /** The data controller the database names, e.g. `Google`. */
  controller: string | null;
  /** The database's description, in its own words (English). */
  description: string | null;
  /** The database's retention, as it writes it (`2 years`, `session`). */
  retention: string | null;
  privacyUrl: string | null;
}

/** A row of the customer's cookie list, as far as classification needs it. */
export interface CustomerCookie {
  name: string;
  domain: string;
  category: CookieCategory;
}

export type CookieClassifier = (name: string, domain: string) => CookieClassification;

const UNKNOWN: CookieClassification = {
  category: 'unclassified',
  source: 'none',
  match: null,
  pattern: null,
  platform: null,
  controller: null,
  description: null,
  retention: null,
  privacyUrl: null,
};

/** The banner's own consent cookie (banner/src/consentCookie.ts), which no public database lists. */
const OWN_CONSENT_COOKIE = /^cm_consent_\d+$/;

interface Index {
  exact: Map<string, CookieDatabaseEntry[]>;
  prefixes: Map<string, CookieDatabaseEntry[]>;
  longestPrefix: number;
}

const indexOf = (entries: readonly CookieDatabaseEntry[]): Index => {
  const exact = new Map<string, CookieDatabaseEntry[]>();
  const prefixes = new Map<string, CookieDatabaseEntry[]>();
  let longestPrefix = 0;
  for (const entry of entries) {
    const map = entry.wildcard ? prefixes : exact;
    map.set(entry.name, [...(map.get(entry.name) ?? []), entry]);
    if (entry.wildcard) longestPrefix = Math.max(longestPrefix, entry.name.length);
  }
  return { exact, prefixes, longestPrefix };
};

/** 0: the entry names the cookie's site; 1: it names no domain; 2: it names another one. */
const domainRank = (entry: CookieDatabaseEntry, site: string): number => (entry.domains.length === 0 ? 1 : entry.domains.includes(site) ? 0 : 2);

const best = (candidates: readonly CookieDatabaseEntry[], site: string): CookieDatabaseEntry | undefined =>
  candidates.reduce<CookieDatabaseEntry | undefined>(
    (chosen, entry) => (chosen === undefined || domainRank(entry, site) < domainRank(chosen, site) ? entry : chosen),
    undefined,
  );

const fromEntry = (entry: CookieDatabaseEntry, match: 'exact' | 'prefix'): CookieClassification => ({
  category: entry.category,
  source: 'database',
  match,
  pattern: entry.name,
  platform: entry.platform || null,
  controller: entry.controller || null,
  description: entry.description || null,
  retention: entry.retention || null,
  privacyUrl: entry.privacyUrl || null,
});

/** A classifier over these database entries (tests pass their own; the product uses the shipped database). */
export const databaseClassifier = (entries: readonly CookieDatabaseEntry[]): CookieClassifier => {
  const index = indexOf(entries);
  return (name, domain) => {
    if (OWN_CONSENT_COOKIE.test(name)) return { ...UNKNOWN, category: 'necessary', source: 'product' };
    const site = registrableDomain(domain);
    const exact = best(index.exact.get(name) ?? [], site);
    if (exact) return fromEntry(exact, 'exact');
    for (let length = Math.min(name.length, index.longestPrefix); length > 0; length -= 1) {
      const candidates = (index.prefixes.get(name.slice(0, length)) ?? []).filter((entry) => entry.domains.length === 0 || entry.domains.includes(site));
      const entry = best(candidates, site);
      if (entry) return fromEntry(entry, 'prefix');
    }
    return UNKNOWN;
  };
};

let shipped: CookieClassifier | undefined;

/** The Open Cookie Database's answer for a cookie (or storage key) of this name on this domain. */
export const classifyCookie: CookieClassifier = (name, domain) => {
  shipped ??= databaseClassifier(openCookieDatabase());
  return shipped(name, domain);
};

const hostOf = (domain: string): string => domain.trim().toLowerCase().replace(/^\./, '');

/**
 * The customer's categorisation first: a row of their list with the same name on the same host,
 * else on the same site (they list `.shop.com`, the browser holds `www.shop.com`), gives the
 * category (what `fallback` knows of the cookie, its vendor and description, is kept beside it);
 * everything else goes to `fallback`. A row still `unclassified` is no categorisation, so the
 * database is asked.
 */
export const customerFirst = (rows: readonly CustomerCookie[], fallback: CookieClassifier = classifyCookie): CookieClassifier => {
  const byName = new Map<string, CustomerCookie[]>();
  for (const row of rows) if (row.category !== 'unclassified') byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  return (name, domain) => {
    const listed = byName.get(name);
    if (listed) {
      const host = hostOf(domain);
      const site = registrableDomain(host);
      const row = listed.find((r) => hostOf(r.domain) === host) ?? listed.find((r) => registrableDomain(r.domain) === site);
      if (row) return { ...fallback(name, domain), category: row.category, source: 'customer' };
    }
    return fallback(name, domain);
  };
};
