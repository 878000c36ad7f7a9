import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { CookieCategory } from '../../../src/schemas/cookie';
import { registrableDomain } from './thirdParties';

/**
 * SCAN-5: the Open Cookie Database (data/, Apache-2.0, named in the repository's NOTICE) as the
 * scanner reads it. The file is shipped unmodified, so an update is a copy of a newer file.
 */

/**
 * The database's categories in ours. Its README defines "Functional" as "also known as technical,
 * essential or strictly necessary", and "Personalization" as preferences, which is what our
 * "functional" category means to visitors (remembering their choices).
 */
export const OCD_CATEGORIES: Readonly<Record<string, CookieCategory>> = {
  Functional: 'necessary',
  Necessary: 'necessary',
  Security: 'necessary',
  Personalization: 'functional',
  Analytics: 'statistics',
  Marketing: 'marketing',
};

export interface CookieDatabaseEntry {
  /** The database's id (a UUID). */
  id: string;
  /** The cookie or storage key name; for a pattern, the prefix every matching name starts with. */
  name: string;
  /** The database's "Wildcard match": the name is a prefix, the rest varies per site (`_ga_` + an id). */
  wildcard: boolean;
  category: CookieCategory;
  /** The database's own category, before mapping. */
  sourceCategory: string;
  platform: string;
  /** Registrable domains the entry names (`doubleclick.net (3rd party)` → `doubleclick.net`); empty when any site sets it. */
  domains: string[];
  description: string;
  retention: string;
  /** Who controls the data (the database's "Data Controller"). */
  controller: string;
  /** The controller's privacy or data-rights page, when the database gives one. */
  privacyUrl: string;
}

type Row = Record<string, string | undefined>;

const column = (row: Row, name: string): string => (row[name] ?? '').trim();

/**
 * "google-analytics.com (3rd party) or ", ".bing.com (3rd party) or .microsoft.com (3rd party)",
 * "ads-[account].adhese.com": the registrable domains named, placeholders and remarks left out.
 */
const domainsOf = (text: string): string[] => {
  const domains = text
    .split(/\s+or\s+|\s+or$|^or\s+|,/)
    .map((part) =>
      part
        .replace(/\(3rd party\)/gi, '')
        .trim()
        .toLowerCase()
        .replace(/^\./, '')
        .replace(/^[^.]*\[[^\]]*\][^.]*\./, ''),
    )
    .filter((part) => /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(part))
    .map(registrableDomain);
  return [...new Set(domains)];
};

/** The database's rows as entries; rows whose category the product does not know are left out (none today, a test checks). */
export const parseOpenCookieDatabase = (csv: string): CookieDatabaseEntry[] => {
  const parsed = Papa.parse<Row>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const entries: CookieDatabaseEntry[] = [];
  for (const row of parsed.data) {
    const rawName = column(row, 'Cookie / Data Key name');
    const sourceCategory = column(row, 'Category');
    const category = OCD_CATEGORIES[sourceCategory];
    // A few names end in `*`, the database's other way of writing a pattern.
    const starred = rawName.endsWith('*');
    const name = starred ? rawName.slice(0, -1) : rawName;
    if (name === '' || category === undefined) continue;
    entries.push({
      id: column(row, 'ID'),
      name,
      wildcard: starred || column(row, 'Wildcard match') === '1',
      category,
      sourceCategory,
      platform: column(row, 'Platform'),
      domains: domainsOf(column(row, 'Domain')),
      description: column(row, 'Description'),
      retention: column(row, 'Retention period'),
      controller: column(row, 'Data Controller'),
      privacyUrl: column(row, 'User Privacy & GDPR Rights Portals'),
    });
  }
  return entries;
};

const DATA_FILE = join(import.meta.dirname, 'data', 'open-cookie-database.csv');

let loaded: CookieDatabaseEntry[] | undefined;

/** The shipped database, read once on first use (about 570 kB; parsing takes some 20 ms). */
export const openCookieDatabase = (): readonly CookieDatabaseEntry[] => {
  loaded ??= parseOpenCookieDatabase(readFileSync(DATA_FILE, 'utf8'));
  return loaded;
};
