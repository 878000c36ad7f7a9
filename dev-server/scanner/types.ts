import type { Finding, HealthCheck, Scan } from '../../src/schemas/scanner';

/** BEYOND-4 / BEYOND-8: the rows the API keeps (collections `scans`, `scanFindings`, `healthChecks`), stored as it answers them. */

export type { ConsentState, ScanFailure, ScannedCookie } from '../../src/schemas/scanner';
import type { ConsentState } from '../../src/schemas/scanner';

export type ScanRow = Scan;
export type HealthCheckRow = HealthCheck;
export type FindingRow = Finding;

export const SCANS = 'scans';
export const FINDINGS = 'scanFindings';
export const HEALTH_CHECKS = 'healthChecks';

/**
 * SCAN-1 / SCAN-4: one cookie as the browser holds it after a page load in one consent state
 * (Playwright's cookie, minus its value: the scanner keeps no visitor data).
 */
export interface ObservedCookie {
  name: string;
  domain: string;
  path: string;
  /** Unix seconds; -1 for a session cookie. */
  expires: number;
  secure: boolean;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/**
 * What one visit of one page in one consent state yields: the seam between the crawl (which
 * URL, which state, when, by which worker) and the evidence collected on the page. The crawl
 * stores `cookies` and follows `links`; the evidence collector widens this type.
 */
export interface PageEvidence {
  /** The frontier's URL. */
  url: string;
  /** Where the page landed after redirects (normalised). */
  finalUrl: string;
  state: ConsentState;
  /** The document's HTTP status; null when the navigation failed. */
  status: number | null;
  cookies: ObservedCookie[];
  /** Every link of the page, absolute (same-site filtering is the crawl's). */
  links: string[];
}
