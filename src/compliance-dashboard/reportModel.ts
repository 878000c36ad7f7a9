import type { ComplianceReport, RecordAction } from '../schemas/consentRecord';

/** The compliance dashboard's pure logic (BEYOND-3): CSV, rolling rates, dates, downloads. */

export const OPT_IN_CATEGORIES = ['functional', 'statistics', 'marketing'] as const;
/** The actions the dashboard counts, charts and exports (the standards' own are in the consent log). */
export const REPORTED_ACTIONS = ['accept', 'decline', 'save', 'shared'] as const satisfies readonly RecordAction[];

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
  row(['date', 'decisions', ...REPORTED_ACTIONS, ...OPT_IN_CATEGORIES.map((c) => `optIn_${c}`)]);
  for (const day of report.daily) row([day.date, day.decisions, ...REPORTED_ACTIONS.map((a) => day[a]), ...OPT_IN_CATEGORIES.map((c) => day.optIn[c] ?? null)]);
  lines.push('');
  row(['category', 'cookies']);
  for (const c of report.cookiesByCategory) row([c.category, c.count]);
  lines.push('');
  row(['scanDate', 'domain', 'cookiesFound', 'complianceFindings']);
  for (const s of report.scans) row([s.date, s.domain, s.cookiesFound, s.complianceFindings]);
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

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
export const daysAgo = (days: number, from = new Date()): string => isoDay(new Date(from.getTime() - days * 86_400_000));
