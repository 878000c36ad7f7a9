import type { CookieCategory } from '../../src/schemas/cookie';
import type { CheckedConsentState, ConsentState, Finding, StorageKind } from '../../src/schemas/scanner';
import type { SqlClient } from '../consent-log/sql';
import { classifyCookie, type CookieClassifier } from './classification/classifyCookie';
import { consentCategoryOfHost, type ThirdPartyCategory } from './classification/thirdParties';

/**
 * SCAN-4: a crawl's compliance findings, read from its per-crawl tables (migrations 010, 011)
 * rather than from every page's evidence in memory, so a 15,000-page crawl costs one query per
 * evidence kind. Anything not necessary (the customer's categories first, then the Open Cookie
 * Database; a third-party host by third-party-web) set or sent before consent, after "reject
 * all" or with GPC on is a finding, once per state and item, with the first page it was seen on.
 * Cookies before consent are left to the cookie list's own findings (`new` flagged set before
 * consent, `set_before_consent`), so one cookie is not reported twice. A state that could not be
 * reached (after "accept all" too: a scan that could not accept missed what the site sets then) is a
 * finding itself, and what its pages hold is then not attributed to it.
 */

export type ComplianceFinding = Pick<Finding, 'kind' | 'name' | 'domain' | 'suggestedCategory' | 'expiryDays'> & {
  /** "accept" only for `state_unreached`: what customers accept is not checked, but a scan that could not accept missed it. */
  consentState: ConsentState;
  storageKind: StorageKind | null;
  vendor: string | null;
  firstSeenUrl: string;
  pages: number;
};

export interface ComplianceOptions {
  /** The customer's list first (customerFirst), else the Open Cookie Database. */
  classify?: CookieClassifier;
  /** Hosts that serve the consent manager itself (our CDN): requests there are necessary. */
  necessaryHosts?: readonly string[];
  /** The solution whose banner the site loads: the host its script came from is our CDN, necessary too. */
  consentSolutionId?: number;
}

const ORDER = ['before', 'reject', 'gpc', 'accept'] as const;
const within = (host: string, parent: string): boolean => host === parent || host.endsWith(`.${parent}`);
const inChecked = `state IN ('before', 'reject', 'gpc')`;

export const crawlCompliance = async (sql: SqlClient, crawlId: string, options: ComplianceOptions = {}): Promise<ComplianceFinding[]> => {
  const classify = options.classify ?? classifyCookie;
  const necessaryHosts = (options.necessaryHosts ?? []).map((h) => h.toLowerCase());
  const [outcomes, cookies, storage, requests] = await Promise.all([
    sql.query<{ state: ConsentState; reached_by: string; first_url: string | null; pages: number }>(
      `SELECT o.state, o.reached_by,
         (SELECT min(f.url) FROM scan_frontier f WHERE f.crawl_id = o.crawl_id AND f.state = o.state AND f.seq = 0) AS first_url,
         (SELECT count(*)::int FROM scan_frontier f WHERE f.crawl_id = o.crawl_id AND f.state = o.state AND f.status IN ('visited', 'unreached')) AS pages
       FROM scan_state_outcomes o WHERE o.crawl_id = $1::text::uuid`,
      [crawlId],
    ),
    sql.query<{ state: CheckedConsentState; name: string; domain: string; expiry_days: number | null; first_url: string; pages: number }>(
      `SELECT state, name, domain, max(expiry_days) AS expiry_days, min(first_url) AS first_url, sum(pages)::int AS pages
       FROM scan_cookies WHERE crawl_id = $1::text::uuid AND state IN ('reject', 'gpc') GROUP BY state, name, domain`,
      [crawlId],
    ),
    sql.query<{ state: CheckedConsentState; kind: StorageKind; name: string; host: string; first_url: string; pages: number }>(
      `SELECT state, kind, name, host, first_url, pages FROM scan_storage WHERE crawl_id = $1::text::uuid AND ${inChecked}`,
      [crawlId],
    ),
    sql.query<{
      state: CheckedConsentState;
      host: string;
      domain: string;
      company: string | null;
      category: ThirdPartyCategory | null;
      first_url: string;
      first_page: string;
      pages: number;
    }>(`SELECT state, host, domain, company, category, first_url, first_page, pages FROM scan_third_parties WHERE crawl_id = $1::text::uuid AND ${inChecked}`, [
      crawlId,
    ]),
  ]);
  const unreached = new Set<ConsentState>(outcomes.filter((o) => o.reached_by === 'unreached').map((o) => o.state));
  const findings: ComplianceFinding[] = [];
  const push = (state: CheckedConsentState, finding: Omit<ComplianceFinding, 'consentState'>, category: CookieCategory): void => {
    if (category !== 'necessary' && !unreached.has(state)) findings.push({ ...finding, consentState: state, suggestedCategory: category });
  };
  for (const c of cookies) {
    const found = classify(c.name, c.domain);
    push(
      c.state,
      {
        kind: 'cookie_without_consent',
        name: c.name,
        domain: c.domain,
        expiryDays: c.expiry_days,
        storageKind: null,
        vendor: found.platform,
        firstSeenUrl: c.first_url,
        pages: c.pages,
        suggestedCategory: found.category,
      },
      found.category,
    );
  }
  for (const s of storage) {
    const found = classify(s.name, s.host);
    push(
      s.state,
      {
        kind: 'storage_without_consent',
        name: s.name,
        domain: s.host,
        expiryDays: null,
        storageKind: s.kind,
        vendor: found.platform,
        firstSeenUrl: s.first_url,
        pages: s.pages,
        suggestedCategory: found.category,
      },
      found.category,
    );
  }
  const ownScript = options.consentSolutionId === undefined ? null : new RegExp(`/cdn/${options.consentSolutionId}/banner(-full)?\\.js$`);
  for (const r of requests) {
    if (necessaryHosts.some((parent) => within(r.host, parent)) || ownScript?.test(r.first_url)) continue;
    const category = consentCategoryOfHost(r.category);
    push(
      r.state,
      {
        kind: 'request_without_consent',
        name: r.host,
        domain: r.domain,
        expiryDays: null,
        storageKind: null,
        vendor: r.company,
        firstSeenUrl: r.first_page,
        pages: r.pages,
        suggestedCategory: category,
      },
      category,
    );
  }
  for (const o of outcomes)
    if (unreached.has(o.state))
      findings.push({
        kind: 'state_unreached',
        consentState: o.state,
        name: '',
        domain: '',
        expiryDays: null,
        storageKind: null,
        vendor: null,
        firstSeenUrl: o.first_url ?? '',
        pages: o.pages,
        suggestedCategory: 'unclassified',
      });
  // Code-point order: the same inbox on every machine, whatever its locale.
  const order = (f: ComplianceFinding): string => `${ORDER.indexOf(f.consentState)}\u0000${f.kind}\u0000${f.name}\u0000${f.domain}`;
  return findings.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
};
