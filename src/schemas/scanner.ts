import type { CookieCategory } from './cookie';

/**
 * The scanner's wire types (docs/api.md "Scanner", BEYOND-4, BEYOND-8): what the API answers
 * for scans, health checks and triage findings. The dev API stores these rows as they are.
 */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
/** Why a job failed: the site did not answer, refused the crawler, took too long, or the browser broke. */
export type ScanFailure = 'unreachable' | 'blocked' | 'timeout' | 'error';

export interface ScannedCookie {
  name: string;
  domain: string;
  /** Days until expiry; null for a session cookie. */
  expiryDays: number | null;
  firstSeen: string;
  lastSeen: string;
  /** Set while no consent was given (phase one of the crawl). */
  setBeforeConsent: boolean;
}

/** What a scan and a health check share: a job on one domain, queued then run. */
interface ScannerJob {
  id: number;
  accountId: number;
  consentSolutionId: number;
  domainId: number;
  canonicalDomain: string;
  status: JobStatus;
  failure: ScanFailure | null;
  /** Technical detail of a failure (the browser's error), English. */
  failureDetail: string | null;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface Scan extends ScannerJob {
  trigger: 'manual' | 'schedule';
  pagesVisited: number;
  pagesPlanned: number;
  cookies: ScannedCookie[];
}

export interface HealthCheck extends ScannerJob {
  /** The page checked (the domain's home page). */
  url: string;
  scriptPresent: boolean | null;
  loadedFirst: boolean | null;
  bannerShown: boolean | null;
  /** PROMISE-5: the Installation tab's snippet, an older one (still working: replace it), or none found (checks before it: absent). */
  snippet?: 'current' | 'older' | null;
  /** Non-essential cookies set before consent (names); empty = passed. */
  cookiesBeforeConsent: string[];
  /** Every check passed. */
  healthy: boolean | null;
}

export type FindingKind = 'new' | 'gone' | 'changed' | 'set_before_consent';
export type FindingStatus = 'open' | 'accepted' | 'dismissed';

export interface Finding {
  id: number;
  accountId: number;
  consentSolutionId: number;
  domainId: number;
  scanId: number;
  kind: FindingKind;
  name: string;
  domain: string;
  /** The stored cookie this finding is about (gone, changed, set before consent). */
  cookieId: number | null;
  /** The list's category for a known cookie, the database's suggestion for a new one. */
  suggestedCategory: CookieCategory;
  expiryDays: number | null;
  setBeforeConsent: boolean;
  /** What changed (`expiryDays`), for `changed`. */
  changes: string[];
  firstSeen: string;
  lastSeen: string;
  status: FindingStatus;
  createdAt: string;
  resolvedAt: string | null;
}

/** `GET /scanner/status`. */
export interface ScannerStatus {
  available: boolean;
  /** The job running now: `scan:<id>` or `health:<id>`, or null. */
  running: string | null;
  queued: number;
}
