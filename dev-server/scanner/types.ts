import type { Finding, HealthCheck, Scan } from '../../src/schemas/scanner';

/** BEYOND-4 / BEYOND-8: the rows the API keeps (collections `scans`, `scanFindings`, `healthChecks`), stored as it answers them. */

export type { ConsentState, ScanFailure, ScannedCookie } from '../../src/schemas/scanner';
import type { PageEvidence as EvidencePage } from './evidence/types';

export type ScanRow = Scan;
export type HealthCheckRow = HealthCheck;
export type FindingRow = Finding;

export const SCANS = 'scans';
export const FINDINGS = 'scanFindings';
export const HEALTH_CHECKS = 'healthChecks';

/**
 * What one visit of one page in one consent state yields: the seam between the crawl (which
 * URL, which state, when, by which worker) and the evidence collected on the page
 * (evidence/pageEvidence.ts). The crawl stores the evidence and follows `links`.
 */
export type PageEvidence = EvidencePage & {
  /** Every link of the page, absolute (same-site filtering is the crawl's). */
  links: string[];
};
