import type { SqlSession } from '../consent-log/sql';
import type { PageEvidence } from './types';

/**
 * SCAN-4: one visit's evidence into the per-crawl tables (migrations 010 and 011), inside the
 * transaction that marks the page visited: cookies, web storage and IndexedDB names, third-party
 * hosts, and how the state was reached. Each item is one row per crawl and state, counting the
 * pages that had it, so a 15,000-page crawl holds as many rows as distinct items, not pages.
 */

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

export const storeEvidence = async (tx: SqlSession, crawlId: string, evidence: PageEvidence, stamp: string): Promise<void> => {
  const cookies = evidence.cookies.map((c) => ({
    name: c.name,
    domain: c.domain.toLowerCase(),
    path: c.path,
    expiry_days: c.expiryDays === null ? null : Math.min(3650, c.expiryDays),
    secure: c.secure,
    http_only: c.httpOnly,
    same_site: c.sameSite,
  }));
  if (cookies.length > 0) {
    await tx.query(
      `INSERT INTO scan_cookies AS k (crawl_id, state, name, domain, path, expiry_days, secure, http_only, same_site, first_url, first_seen, last_seen)
       SELECT $1::text::uuid, $2, c.name, c.domain, c.path, c.expiry_days, c.secure, c.http_only, c.same_site, $3, $4::text::timestamptz, $4::text::timestamptz
       FROM jsonb_to_recordset($5::text::jsonb) AS c(name text, domain text, path text, expiry_days integer, secure boolean, http_only boolean, same_site text)
       ON CONFLICT (crawl_id, state, name, domain, path) DO UPDATE SET last_seen = excluded.last_seen, expiry_days = excluded.expiry_days, pages = k.pages + 1`,
      [crawlId, evidence.state, evidence.url, stamp, JSON.stringify(cookies)],
    );
  }
  const host = hostOf(evidence.finalUrl);
  const storage = [
    ...evidence.localStorage.map((name) => ({ kind: 'local_storage', name })),
    ...evidence.sessionStorage.map((name) => ({ kind: 'session_storage', name })),
    ...evidence.indexedDb.map((name) => ({ kind: 'indexed_db', name })),
  ];
  if (storage.length > 0) {
    await tx.query(
      `INSERT INTO scan_storage AS k (crawl_id, state, kind, name, host, first_url)
       SELECT $1::text::uuid, $2, s.kind, s.name, $3, $4 FROM jsonb_to_recordset($5::text::jsonb) AS s(kind text, name text)
       ON CONFLICT (crawl_id, state, kind, name, host) DO UPDATE SET pages = k.pages + 1`,
      [crawlId, evidence.state, host, evidence.url, JSON.stringify(storage)],
    );
  }
  if (evidence.thirdParties.length > 0) {
    await tx.query(
      `INSERT INTO scan_third_parties AS k (crawl_id, state, host, domain, company, category, requests, first_url, first_page)
       SELECT $1::text::uuid, $2, t.host, t.domain, t.company, t.category, t.requests, t."firstUrl", $3
       FROM jsonb_to_recordset($4::text::jsonb) AS t(host text, domain text, company text, category text, requests integer, "firstUrl" text)
       ON CONFLICT (crawl_id, state, host) DO UPDATE SET requests = k.requests + excluded.requests, pages = k.pages + 1`,
      [crawlId, evidence.state, evidence.url, JSON.stringify(evidence.thirdParties)],
    );
  }
  await tx.query(`INSERT INTO scan_state_outcomes (crawl_id, state, reached_by, detail) VALUES ($1::text::uuid, $2, $3, $4) ON CONFLICT DO NOTHING`, [
    crawlId,
    evidence.state,
    evidence.reachedBy,
    evidence.reachedDetail,
  ]);
};
