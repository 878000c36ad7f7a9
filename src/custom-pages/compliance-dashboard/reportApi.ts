import { httpClient } from '../../providers/httpClient';

/** The compliance dashboard's side of the API (docs/api.md "Consent records and reports"). */

export const OPT_IN_CATEGORIES = ['functional', 'statistics', 'marketing'] as const;
export const RECORD_ACTIONS = ['accept', 'decline', 'save', 'shared'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

export interface DailyRow extends Record<RecordAction, number> {
  date: string;
  decisions: number;
  optIn: Record<string, number | null>;
}

export interface ComplianceReport {
  consentSolutionId: number | null;
  from: string;
  to: string;
  /** `underGpc`: decisions made under the browser's Global Privacy Control signal (STD-3). */
  totals: Record<RecordAction, number> & { decisions: number; underGpc: number; optIn: Record<string, number | null> };
  daily: DailyRow[];
  cookiesByCategory: { category: string; count: number }[];
  scans: { date: string; domain: string; cookiesFound: number }[];
}

export interface ConsentRecord {
  id: string;
  consentSolutionId: number;
  consentSolutionName: string | null;
  anonymousId: string;
  action: RecordAction;
  categories: string[];
  consentVersion: number;
  decidedAt: string;
  receivedAt: string;
  domain: string;
  language: string | null;
}

export interface OnboardingState {
  websiteAdded: boolean;
  templatePublished: boolean;
  scriptInstalled: boolean;
  consentSolutionId: number | null;
}

export const REPORT_ERROR_KEY = 'error.backend.report_unavailable';

const get = async <T>(path: string, defaultErrorKey = REPORT_ERROR_KEY): Promise<T> => (await httpClient(path, { defaultErrorKey })).json as T;

export interface ReportFilter {
  consentSolutionId: number | null;
  from: string;
  to: string;
}

export const reportQuery = ({ consentSolutionId, from, to }: ReportFilter): string => {
  const params = new URLSearchParams({ from, to });
  if (consentSolutionId !== null) params.set('consentSolutionId', String(consentSolutionId));
  return params.toString();
};

/** The account's embed URL (ROUTE-6), then the report it names. */
export const fetchReport = async (filter: ReportFilter): Promise<ComplianceReport> => {
  const { url } = await get<{ url: string }>('/reports/embed');
  return get<ComplianceReport>(`${url}?${reportQuery(filter)}`);
};

export const fetchOnboarding = () => get<OnboardingState>('/reports/onboarding', 'error.backend.default_error');

export const fetchRecord = (id: string) => get<ConsentRecord>(`/consent-records/${encodeURIComponent(id)}`, 'error.backend.consent_record_not_found');
export const fetchRecentRecords = (consentSolutionId: number | null) =>
  get<ConsentRecord[]>(`/consent-records?_limit=20${consentSolutionId === null ? '' : `&consentSolutionId=${consentSolutionId}`}`, 'error.backend.default_error');
export const fetchRecordExport = async (id: string): Promise<string> =>
  (await httpClient(`/consent-records/${encodeURIComponent(id)}/export`, { defaultErrorKey: 'error.backend.consent_record_not_found' })).body;

const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  // Quote always; neutralise spreadsheet formulas (a cell starting with = + - @).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The report as CSV (BEYOND-3): one row per day, then the cookies by category and the scans. */
export const reportCsv = (report: ComplianceReport): string => {
  const lines: string[] = [];
  const row = (cells: (string | number | null)[]) => lines.push(cells.map(csvCell).join(','));
  row(['date', 'decisions', ...RECORD_ACTIONS, ...OPT_IN_CATEGORIES.map((c) => `optIn_${c}`)]);
  for (const day of report.daily) row([day.date, day.decisions, ...RECORD_ACTIONS.map((a) => day[a]), ...OPT_IN_CATEGORIES.map((c) => day.optIn[c] ?? null)]);
  lines.push('');
  row(['category', 'cookies']);
  for (const c of report.cookiesByCategory) row([c.category, c.count]);
  lines.push('');
  row(['scanDate', 'domain', 'cookiesFound']);
  for (const s of report.scans) row([s.date, s.domain, s.cookiesFound]);
  return `${lines.join('\r\n')}\r\n`;
};

/**
 * Daily opt-in rates are noisy on small sites: each point is the rate over the seven days up to
 * that day (weighted by the decisions), null while none.
 */
export const rollingOptIn = (report: ComplianceReport, category: string, window = 7): (number | null)[] =>
  report.daily.map((_, index) => {
    let decisions = 0;
    let accepted = 0;
    for (const day of report.daily.slice(Math.max(0, index - window + 1), index + 1)) {
      decisions += day.decisions;
      accepted += (day.optIn[category] ?? 0) * day.decisions;
    }
    return decisions === 0 ? null : accepted / decisions;
  });

/** Saves text as a file through a temporary object URL. */
export const download = (text: string, filename: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
export const daysAgo = (days: number, from = new Date()): string => isoDay(new Date(from.getTime() - days * 86_400_000));
