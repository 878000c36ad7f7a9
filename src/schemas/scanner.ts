import type { CookieCategory } from './cookie';

/**
 * The scanner's wire types (docs/api.md "Scanner", BEYOND-4, BEYOND-8): what the API answers
 * for scans, health checks and triage findings. The dev API stores these rows as they are.
 */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
/**
 * Why a job failed: the site did not answer, refused the crawler, took too long, or the browser
 * broke; it was cancelled; or it led the scanner to an internal address (SCAN-6).
 */
export type ScanFailure = 'unreachable' | 'blocked' | 'timeout' | 'error' | 'cancelled' | 'refused';

/** SCAN-4: the consent states a page is checked in: before any choice, after "reject all", with GPC on, after "accept all". */
export type ConsentState = 'before' | 'reject' | 'gpc' | 'accept';
/** The order a crawl checks them in: every page before consent (which discovers the pages), every page accepted, then samples. */
export const CONSENT_STATES: readonly ConsentState[] = ['before', 'accept', 'reject', 'gpc'];

/** SCAN-7: one consent state's share of a scan. */
export interface StateProgress {
  planned: number;
  visited: number;
  failed: number;
  /** Distinct cookies seen in this state. */
  cookies: number;
}

/** SCAN-6: why the scanner would not connect to an address. */
export type RefusalReason = 'loopback' | 'private' | 'link_local' | 'unique_local' | 'metadata' | 'reserved' | 'unresolved';

/** SCAN-6: a request of the site the scanner refused (a navigation, a redirect hop or a subrequest). */
export interface RefusedRequest {
  url: string;
  reason: RefusalReason;
  /** The address the host resolved to, when it resolved. */
  address: string | null;
}

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
  /** SCAN-1: the durable crawl in the queue's database that runs this job. */
  crawlId: string;
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
  /** Page visits done and planned, every consent state together. */
  pagesVisited: number;
  pagesPlanned: number;
  cookies: ScannedCookie[];
  /** SCAN-1: the scan stopped early (time limit, cancel): its cookies are what it found until then. */
  partial: boolean;
  /** SCAN-7: the consent state being checked while it runs, else null. */
  checking: ConsentState | null;
  /** SCAN-7: how many jobs are ahead of it while it waits (0: next), else null. */
  queuePosition: number | null;
  /** SCAN-7: each consent state's pages and cookies (the states this scan checks). */
  states: Partial<Record<ConsentState, StateProgress>>;
  /** SCAN-6: requests refused because they led to an internal address. */
  refused: RefusedRequest[];
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

/**
 * `new`, `gone`, `changed`, `set_before_consent` compare a scan's cookies with the cookie list.
 * SCAN-4 compliance findings: something not necessary set or sent in a state without consent
 * (before a choice, after "reject all", with GPC on), one kind per evidence kind, or a state the
 * scanner could not reach (our banner was not found on the site, or did not store the choice).
 */
export type FindingKind =
  'new' | 'gone' | 'changed' | 'set_before_consent' | 'cookie_without_consent' | 'storage_without_consent' | 'request_without_consent' | 'state_unreached';
export const COMPLIANCE_FINDING_KINDS: readonly FindingKind[] = [
  'cookie_without_consent',
  'storage_without_consent',
  'request_without_consent',
  'state_unreached',
];
/** SCAN-4: the states in which nothing but the necessary may happen. */
export type CheckedConsentState = Exclude<ConsentState, 'accept'>;
export type StorageKind = 'local_storage' | 'session_storage' | 'indexed_db';
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
  /** SCAN-4, compliance findings only: the state it happened in ("accept" only for `state_unreached`). */
  consentState?: ConsentState | null;
  /** For `storage_without_consent`: which storage the key (or IndexedDB database name) is in. */
  storageKind?: StorageKind | null;
  /** The vendor, when the Open Cookie Database or third-party-web names one. */
  vendor?: string | null;
  /** The first page of the state where it was seen, and how many pages of the state had it. */
  firstSeenUrl?: string | null;
  pages?: number | null;
  firstSeen: string;
  lastSeen: string;
  status: FindingStatus;
  createdAt: string;
  resolvedAt: string | null;
}

/** `GET /scanner/status`. */
export interface ScannerStatus {
  available: boolean;
  /** A job running now, `scan:<id>` or `health:<id>` (the oldest, when several run), or null. */
  running: string | null;
  /** Jobs waiting. */
  queued: number;
  /** SCAN-2: workers that reported in the last minute, on every machine. */
  workers: number;
}
