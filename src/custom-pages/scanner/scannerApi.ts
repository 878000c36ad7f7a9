import type { Identifier } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import type { CookieCategory } from '../../schemas/cookie';

/** The dev API's scanner calls (docs/api.md "Scanner", BEYOND-4, BEYOND-8). */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type ScanFailure = 'unreachable' | 'blocked' | 'timeout' | 'error';

export interface Scan {
  id: number;
  domainId: number;
  canonicalDomain: string;
  status: JobStatus;
  failure: ScanFailure | null;
  pagesVisited: number;
  pagesPlanned: number;
  queuedAt: string;
  finishedAt: string | null;
  cookies: { name: string; domain: string; setBeforeConsent: boolean }[];
}

export interface HealthCheck {
  id: number;
  domainId: number;
  canonicalDomain: string;
  status: JobStatus;
  failure: ScanFailure | null;
  scriptPresent: boolean | null;
  loadedFirst: boolean | null;
  bannerShown: boolean | null;
  cookiesBeforeConsent: string[];
  healthy: boolean | null;
  finishedAt: string | null;
}

export type FindingKind = 'new' | 'gone' | 'changed' | 'set_before_consent';

export interface Finding {
  id: number;
  domainId: number;
  kind: FindingKind;
  name: string;
  domain: string;
  suggestedCategory: CookieCategory;
  expiryDays: number | null;
  setBeforeConsent: boolean;
  changes: string[];
  lastSeen: string;
}

export interface ScannerStatus {
  available: boolean;
  running: string | null;
  queued: number;
}

const id = (value: Identifier): string => encodeURIComponent(String(value));

export const isActive = (job: { status: JobStatus } | null | undefined): boolean => job?.status === 'queued' || job?.status === 'running';

export const fetchScannerStatus = async (): Promise<ScannerStatus> => (await httpClient('/scanner/status')).json as ScannerStatus;

export const fetchSolutionScans = async (solutionId: Identifier): Promise<Scan[]> => (await httpClient(`/consent-solutions/${id(solutionId)}/scans`)).json as Scan[];

export const startScan = async (domainId: Identifier): Promise<Scan> =>
  (await httpClient(`/domains/${id(domainId)}/scans`, { method: 'POST', defaultErrorKey: 'scanner.notifications.scan_error' })).json as Scan;

export const fetchHealthChecks = async (solutionId: Identifier): Promise<HealthCheck[]> =>
  (await httpClient(`/consent-solutions/${id(solutionId)}/health-checks`)).json as HealthCheck[];

export const startHealthCheck = async (domainId: Identifier): Promise<HealthCheck> =>
  (await httpClient(`/domains/${id(domainId)}/health-check`, { method: 'POST', defaultErrorKey: 'scanner.notifications.check_error' })).json as HealthCheck;

export const fetchFindings = async (solutionId: Identifier): Promise<Finding[]> => (await httpClient(`/consent-solutions/${id(solutionId)}/triage`)).json as Finding[];

export const acceptFindings = async (solutionId: Identifier, ids: number[], category?: CookieCategory): Promise<void> => {
  await httpClient(`/consent-solutions/${id(solutionId)}/triage/accept`, { method: 'POST', body: JSON.stringify(category ? { ids, category } : { ids }) });
};

export const dismissFindings = async (solutionId: Identifier, ids: number[]): Promise<void> => {
  await httpClient(`/consent-solutions/${id(solutionId)}/triage/dismiss`, { method: 'POST', body: JSON.stringify({ ids }) });
};

/** Polls every 2 s while a job of the list runs or waits, otherwise not at all. */
export const pollWhileActive = (jobs: readonly { status: JobStatus }[] | undefined): number | false => (jobs?.some(isActive) ? 2_000 : false);
