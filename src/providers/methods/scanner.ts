import type { DataProvider, Identifier } from 'ra-core';
import type { CookieCategory } from '../../schemas/cookie';
import type { Finding, HealthCheck, Scan, ScannerStatus } from '../../schemas/scanner';
import { getJson, segment, sendJson } from './jsonCalls';

/** The scanner's calls (docs/api.md "Scanner", BEYOND-4, BEYOND-8): scans, health checks, triage. */
export interface ScannerMethods {
  getScannerStatus(): Promise<ScannerStatus>;
  getSolutionScans(solutionId: Identifier): Promise<Scan[]>;
  startScan(domainId: Identifier): Promise<Scan>;
  /** SCAN-7: a waiting scan ends at once; a running one stops and keeps what it found. */
  cancelScan(domainId: Identifier): Promise<Scan>;
  getHealthChecks(solutionId: Identifier): Promise<HealthCheck[]>;
  startHealthCheck(domainId: Identifier): Promise<HealthCheck>;
  getFindings(solutionId: Identifier): Promise<Finding[]>;
  /** Adds the findings' cookies to the list, in `category` when given, else each one's suggestion. */
  acceptFindings(solutionId: Identifier, ids: number[], category?: CookieCategory): Promise<void>;
  dismissFindings(solutionId: Identifier, ids: number[]): Promise<void>;
}

const solutionPath = (solutionId: Identifier) => `/consent-solutions/${segment(solutionId)}`;
const domainPath = (domainId: Identifier) => `/domains/${segment(domainId)}`;

export const withScannerMethods = <T extends DataProvider>(base: T): T & ScannerMethods => ({
  ...base,
  getScannerStatus: () => getJson('/scanner/status'),
  getSolutionScans: (solutionId) => getJson(`${solutionPath(solutionId)}/scans`),
  startScan: (domainId) => sendJson(`${domainPath(domainId)}/scans`, 'POST', undefined, 'scanner.notifications.scan_error'),
  cancelScan: (domainId) => sendJson(`${domainPath(domainId)}/scans/cancel`, 'POST', undefined, 'scanner.notifications.cancel_error'),
  getHealthChecks: (solutionId) => getJson(`${solutionPath(solutionId)}/health-checks`),
  startHealthCheck: (domainId) => sendJson(`${domainPath(domainId)}/health-check`, 'POST', undefined, 'scanner.notifications.check_error'),
  getFindings: (solutionId) => getJson(`${solutionPath(solutionId)}/triage`),
  acceptFindings: async (solutionId, ids, category) => {
    await sendJson(`${solutionPath(solutionId)}/triage/accept`, 'POST', category ? { ids, category } : { ids });
  },
  dismissFindings: async (solutionId, ids) => {
    await sendJson(`${solutionPath(solutionId)}/triage/dismiss`, 'POST', { ids });
  },
});
