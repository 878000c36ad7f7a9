import type { PageEvidence } from './types';

/**
 * SCAN-4: one visit's evidence for the per-crawl tables (migrations 010 and 011), written by the
 * statement that marks the page visited (scan_record_visit, migration 013): cookies, web storage
 * and IndexedDB names, third-party hosts, and how the state was reached. Each item is one row per
 * crawl and state, counting the pages that had it, so a 15,000-page crawl holds as many rows as
 * distinct items, not pages.
 */

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

/** One visit's evidence as scan_store_evidence (migration 013) takes it. */
export const evidenceRecord = (evidence: PageEvidence) => ({
  url: evidence.url,
  state: evidence.state,
  status: evidence.status,
  host: hostOf(evidence.finalUrl),
  reachedBy: evidence.reachedBy,
  reachedDetail: evidence.reachedDetail,
  cookies: evidence.cookies.map((c) => ({
    name: c.name,
    domain: c.domain.toLowerCase(),
    path: c.path,
    expiry_days: c.expiryDays === null ? null : Math.min(3650, c.expiryDays),
    secure: c.secure,
    http_only: c.httpOnly,
    same_site: c.sameSite,
  })),
  storage: [
    ...evidence.localStorage.map((name) => ({ kind: 'local_storage', name })),
    ...evidence.sessionStorage.map((name) => ({ kind: 'session_storage', name })),
    ...evidence.indexedDb.map((name) => ({ kind: 'indexed_db', name })),
  ],
  thirdParties: evidence.thirdParties,
});
