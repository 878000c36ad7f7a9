import type { Finding, HealthCheck, Scan } from '../../src/schemas/scanner';

/** BEYOND-4 / BEYOND-8: the rows the scanner persists (collections `scans`, `scanFindings`, `healthChecks`), stored as the API answers them. */

export type { ScanFailure, ScannedCookie } from '../../src/schemas/scanner';

export type ScanRow = Scan;
export type HealthCheckRow = HealthCheck;
export type FindingRow = Finding;

export const SCANS = 'scans';
export const FINDINGS = 'scanFindings';
export const HEALTH_CHECKS = 'healthChecks';
