import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { classifyCookie, customerFirst, databaseClassifier } from './classifyCookie';
import { lookupCookie, suggestCategory } from './cookieDatabase';
import { OCD_CATEGORIES, openCookieDatabase, parseOpenCookieDatabase, type CookieDatabaseEntry } from './openCookieDatabase';

const DATA = join(import.meta.dirname, 'data');
const REPOSITORY = join(import.meta.dirname, '..', '..', '..');

/** A database of a few rows, in the shipped file's columns, for rules that must not depend on the real data. */
const csvOf = (rows: [platform: string, category: string, name: string, domain: string, wildcard: 0 | 1][]): string =>
  Papa.unparse({
    fields: [
      'ID',
      'Platform',
      'Category',
      'Cookie / Data Key name',
      'Domain',
      'Description',
      'Retention period',
      'Data Controller',
      'User Privacy & GDPR Rights Portals',
      'Wildcard match',
    ],
    data: rows.map(([platform, category, name, domain, wildcard], i) => [
      `id-${i}`,
      platform,
      category,
      name,
      domain,
      `${platform} cookie`,
      '1 year',
      platform,
      '',
      String(wildcard),
    ]),
  });

describe('the shipped Open Cookie Database', () => {
  it('[SCAN-5] ships every row with its licence and a NOTICE naming it, each category mapped to ours', () => {
    const raw = Papa.parse<Record<string, string>>(readFileSync(join(DATA, 'open-cookie-database.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: 'greedy',
    }).data;
    const entries = openCookieDatabase();
    expect(raw.length).toBeGreaterThanOrEqual(2_000);
    // No row is dropped: every category it uses is one we map, every row has a name.
    expect(entries).toHaveLength(raw.length);
    expect(new Set(raw.map((row) => row.Category)).size).toBeLessThanOrEqual(Object.keys(OCD_CATEGORIES).length);
    expect(entries.filter((e) => e.wildcard).length).toBeGreaterThan(200);
    expect(readFileSync(join(DATA, 'LICENSE'), 'utf8')).toContain('Apache License');
    const notice = readFileSync(join(REPOSITORY, 'NOTICE'), 'utf8');
    expect(notice).toContain('Open Cookie Database');
    expect(notice).toContain('dev-server/scanner/classification/data/LICENSE');
  });

  it('[SCAN-5] reads the domains an entry names: remarks, alternatives and placeholders left out', () => {
    const [bing, adhese, ga] = parseOpenCookieDatabase(
      csvOf([
        ['Bing', 'Marketing', 'MUID', '.bing.com (3rd party) or .microsoft.com (3rd party)', 0],
        ['Adhese', 'Marketing', 'cap', 'ads-[account].adhese.com', 1],
        ['Google Analytics', 'Analytics', '_gat', 'google-analytics.com (3rd party) or ', 0],
      ]),
    ) as [CookieDatabaseEntry, CookieDatabaseEntry, CookieDatabaseEntry];
    expect(bing.domains).toEqual(['bing.com', 'microsoft.com']);
    expect(adhese.domains).toEqual(['adhese.com']);
    expect(adhese.wildcard).toBe(true);
    expect(ga.domains).toEqual(['google-analytics.com']);
  });
});

describe('classifyCookie', () => {
  it('[SCAN-5] matches exact names with their vendor, description and retention, and maps the categories', () => {
    const ga = classifyCookie('_ga', 'shop.com');
    expect(ga).toMatchObject({
      category: 'statistics',
      source: 'database',
      match: 'exact',
      pattern: '_ga',
      platform: 'Google Analytics',
      controller: 'Google',
    });
    expect(ga.retention).toBe('2 years');
    expect(ga.description).not.toBe('');
    // The database's "Functional" is technical / strictly necessary.
    expect(classifyCookie('PHPSESSID', 'shop.com').category).toBe('necessary');
    // Named with Meta's domain, written by its script on the customer's: still Meta's cookie.
    expect(classifyCookie('_fbp', '.shop.com')).toMatchObject({ category: 'marketing', platform: 'Facebook' });
    expect(classifyCookie('XSRF-TOKEN', 'shop.com').category).toBe('necessary');
  });

  it('[SCAN-5] matches patterns as the database defines them (its "Wildcard match"), the longest prefix first, after exact names', () => {
    expect(classifyCookie('_ga_ABC123', 'shop.com')).toMatchObject({ category: 'statistics', match: 'prefix', pattern: '_ga_' });
    expect(classifyCookie('_hjSessionUser_1234', 'shop.com')).toMatchObject({ match: 'prefix', pattern: '_hjSessionUser_', platform: 'Hotjar' });
    // `_gac_gb_` (Google Ads) is longer than `_gac_` (Google Analytics).
    expect(classifyCookie('_gac_gb_UA-1', 'shop.com')).toMatchObject({ pattern: '_gac_gb_', platform: 'Google Ads' });
    expect(classifyCookie('_gac_UA-1', 'shop.com')).toMatchObject({ pattern: '_gac_', platform: 'Google Analytics' });
    // An exact name is preferred to a pattern that covers it too (`_gat`).
    expect(classifyCookie('_gat_pro', 'shop.com')).toMatchObject({ match: 'exact', pattern: '_gat_pro' });
    expect(classifyCookie('_gat_UA-1', 'shop.com')).toMatchObject({ match: 'prefix', pattern: '_gat', category: 'statistics' });
    // `SSPR_*`: the database's other way of writing a pattern, here for one vendor's domain.
    expect(classifyCookie('SSPR_42', '.adkernel.com')).toMatchObject({ match: 'prefix', pattern: 'SSPR_', platform: 'Adkernel' });
  });

  it('[SCAN-5] a pattern naming a domain matches on that domain only; among entries of one name the cookie’s domain wins', () => {
    // Marfeel's `_s` on its own domain, not every `_s…` cookie of every site.
    expect(classifyCookie('_s_visit', 'events.newsroom.bi')).toMatchObject({ pattern: '_s', platform: 'Marfeel' });
    expect(classifyCookie('_s_visit', 'shop.com').pattern).not.toBe('_s');
    expect(classifyCookie('token', '.adnxs.com')).toMatchObject({ platform: 'Xandr', category: 'necessary' });
    expect(classifyCookie('token', 'adform.net')).toMatchObject({ platform: 'Adform', category: 'marketing' });
    expect(classifyCookie('DSID', '.doubleclick.net').platform).toBe('DoubleClick/Google Marketing');
    // On another site, the entry naming no domain is the better guess.
    expect(classifyCookie('DSID', 'shop.com').platform).toBe('Google');
  });

  it('[SCAN-5] ranks by these rules on any data: exact, then longest prefix, then domain', () => {
    const classify = databaseClassifier(
      parseOpenCookieDatabase(
        csvOf([
          ['Generic', 'Functional', 'uid', '', 0],
          ['Tracker', 'Marketing', 'uid', 'tracker.test (3rd party)', 0],
          ['Short', 'Analytics', 'ab', '', 1],
          ['Long', 'Personalization', 'ab_c', '', 1],
          ['Vendor only', 'Marketing', 'v_', 'vendor.test', 1],
        ]),
      ),
    );
    expect(classify('uid', 'px.tracker.test').platform).toBe('Tracker');
    expect(classify('uid', 'shop.test').platform).toBe('Generic');
    expect(classify('ab_cd', 'shop.test')).toMatchObject({ platform: 'Long', category: 'functional', match: 'prefix' });
    expect(classify('abx', 'shop.test')).toMatchObject({ platform: 'Short', category: 'statistics' });
    expect(classify('v_1', 'cdn.vendor.test').platform).toBe('Vendor only');
    expect(classify('v_1', 'shop.test')).toMatchObject({ category: 'unclassified', source: 'none', match: null });
  });

  it('[SCAN-5] knows the banner’s own consent cookie; an unknown name is unclassified', () => {
    expect(classifyCookie('cm_consent_42', 'shop.com')).toMatchObject({ category: 'necessary', source: 'product' });
    expect(classifyCookie('nobody_knows_me', 'shop.com')).toMatchObject({ category: 'unclassified', source: 'none' });
  });
});

describe('customerFirst', () => {
  it("[SCAN-5] the customer's categorisation wins, on the same host first, then the same site; the database answers the rest", () => {
    const classify = customerFirst([
      { name: '_ga', domain: '.shop.com', category: 'necessary' },
      { name: '_ga', domain: 'www.shop.com', category: 'functional' },
      { name: 'mystery', domain: 'shop.com', category: 'marketing' },
      { name: '_fbp', domain: 'shop.com', category: 'unclassified' },
    ]);
    // Its category, with what the database knows of the cookie beside it.
    expect(classify('_ga', 'www.shop.com')).toMatchObject({ category: 'functional', source: 'customer', platform: 'Google Analytics' });
    expect(classify('_ga', 'blog.shop.com')).toMatchObject({ category: 'necessary', source: 'customer' });
    expect(classify('mystery', '.shop.com')).toMatchObject({ category: 'marketing', source: 'customer' });
    // Another site's `_ga` is not theirs; a row still unclassified is no categorisation.
    expect(classify('_ga', 'other.com')).toMatchObject({ category: 'statistics', source: 'database' });
    expect(classify('_fbp', 'shop.com')).toMatchObject({ category: 'marketing', source: 'database' });
  });
});

describe('the drop-in for the hand-written list', () => {
  it('[SCAN-5] answers as dev-server/seed/cookieDatabase.ts did: category, processor with its privacy page, English purpose', () => {
    expect(lookupCookie('_ga')).toMatchObject({
      category: 'statistics',
      dataProcessor: { name: 'Google', privacyPolicyUrl: expect.stringMatching(/^https:\/\//) },
    });
    expect(lookupCookie('_ga')?.purpose).not.toBe('');
    expect(suggestCategory('PHPSESSID')).toBe('necessary');
    expect(suggestCategory('_fbp')).toBe('marketing');
    expect(suggestCategory('cm_consent_7')).toBe('necessary');
    expect(suggestCategory('deep_cookie')).toBe('unclassified');
    expect(lookupCookie('deep_cookie')).toBeUndefined();
    // The cookie list's rules: a purpose of at most 500 characters, a processor only with its privacy page.
    for (const entry of openCookieDatabase()) {
      const known = lookupCookie(entry.name, entry.domains[0] ?? '');
      expect(known?.purpose.length ?? 0).toBeLessThanOrEqual(500);
      if (known?.dataProcessor) expect(known.dataProcessor.privacyPolicyUrl).toMatch(/^https?:\/\/[^/]+\.[^/]+/);
    }
  });
});
