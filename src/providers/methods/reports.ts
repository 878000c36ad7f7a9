import type { DataProvider } from 'ra-core';
import type { ComplianceReport, ConsentRecord, ConsentRetention, OnboardingState, RecordExportFormat, ReportFilter } from '../../schemas/consentRecord';
import { httpClient } from '../httpClient';
import { getJson, segment, sendJson } from './jsonCalls';

/** The compliance dashboard's calls (docs/api.md "Consent records and reports"). */
export interface ReportsMethods {
  /** The account's embed URL (ROUTE-6), then the report it names. */
  getComplianceReport(filter: ReportFilter): Promise<ComplianceReport>;
  /** PROMISE-5: the guide's steps, for one solution's publish and installation when given. */
  getOnboarding(consentSolutionId?: number | string): Promise<OnboardingState>;
  getConsentRecord(id: string): Promise<ConsentRecord>;
  /** The newest 20 records, of one solution or all (null). */
  getRecentConsentRecords(consentSolutionId: number | null): Promise<ConsentRecord[]>;
  /** One record as the file a visitor is handed (BEYOND-9). */
  exportConsentRecord(id: string): Promise<string>;
  /** LOG-3: every record the filter selects, as one file streamed by the API. */
  exportConsentRecords(filter: ReportFilter, format: RecordExportFormat): Promise<Blob>;
  getConsentRetention(): Promise<ConsentRetention>;
  setConsentRetention(days: number): Promise<ConsentRetention>;
}

const REPORT_ERROR_KEY = 'error.backend.report_unavailable';
const RECORD_NOT_FOUND = 'error.backend.consent_record_not_found';
const DEFAULT_ERROR = 'error.backend.default_error';
const EXPORT_ERROR = 'proof.export.failed';

/** The report's query string. */
export const reportQuery = ({ consentSolutionId, from, to }: ReportFilter): string => {
  const params = new URLSearchParams({ from, to });
  if (consentSolutionId !== null) params.set('consentSolutionId', String(consentSolutionId));
  return params.toString();
};

export const withReportsMethods = <T extends DataProvider>(base: T): T & ReportsMethods => ({
  ...base,
  getComplianceReport: async (filter) => {
    const { url } = await getJson<{ url: string }>('/reports/embed', REPORT_ERROR_KEY);
    return getJson(`${url}?${reportQuery(filter)}`, REPORT_ERROR_KEY);
  },
  getOnboarding: (consentSolutionId) =>
    getJson(`/reports/onboarding${consentSolutionId === undefined ? '' : `?consentSolutionId=${segment(String(consentSolutionId))}`}`, DEFAULT_ERROR),
  getConsentRecord: (id) => getJson(`/consent-records/${segment(id)}`, RECORD_NOT_FOUND),
  getRecentConsentRecords: (consentSolutionId) =>
    getJson(`/consent-records?_limit=20${consentSolutionId === null ? '' : `&consentSolutionId=${consentSolutionId}`}`, DEFAULT_ERROR),
  exportConsentRecord: async (id) => (await httpClient(`/consent-records/${segment(id)}/export`, { defaultErrorKey: RECORD_NOT_FOUND })).body,
  exportConsentRecords: async (filter, format) => {
    const { blob } = await httpClient(`/consent-records/export?format=${format}&${reportQuery(filter)}`, { defaultErrorKey: EXPORT_ERROR, asBlob: true });
    return blob ?? new Blob();
  },
  getConsentRetention: () => getJson('/consent-retention', DEFAULT_ERROR),
  setConsentRetention: (days) => sendJson('/consent-retention', 'PUT', { days }, DEFAULT_ERROR),
});
