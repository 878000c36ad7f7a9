// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { reportQuery } from '../providers/methods/reports';
import type { ComplianceReport, DailyRow } from '../schemas/consentRecord';
import { reportCsv, rollingOptIn } from './reportModel';

const day = (date: string, decisions: number, statistics: number | null): DailyRow => ({
  date,
  decisions,
  accept: decisions,
  decline: 0,
  save: 0,
  shared: 0,
  'opt-out': 0,
  gpc: 0,
  underGpc: 0,
  optIn: { functional: statistics, statistics, marketing: statistics },
});

const report: ComplianceReport = {
  consentSolutionId: 1,
  from: '2026-01-01',
  to: '2026-01-03',
  totals: {
    decisions: 4,
    accept: 4,
    decline: 0,
    save: 0,
    shared: 0,
    'opt-out': 0,
    gpc: 0,
    underGpc: 0,
    optIn: { functional: 0.5, statistics: 0.5, marketing: 0.5 },
  },
  daily: [day('2026-01-01', 1, 1), day('2026-01-02', 0, null), day('2026-01-03', 3, 0)],
  cookiesByCategory: [{ category: 'statistics', count: 2 }],
  scans: [{ date: '2026-01-02', domain: '=evil.com', cookiesFound: 3, complianceFindings: 2 }],
};

describe('compliance report helpers', () => {
  it('[BEYOND-3] the CSV has one row per day, the cookies and the scans, formulas neutralised', () => {
    const lines = reportCsv(report).split('\r\n');
    expect(lines[0]).toBe('"date","decisions","accept","decline","save","shared","optIn_functional","optIn_statistics","optIn_marketing"');
    expect(lines[1]).toBe('"2026-01-01","1","1","0","0","0","1","1","1"');
    expect(lines[2]).toBe('"2026-01-02","0","0","0","0","0","","",""');
    expect(lines).toContain('"statistics","2"');
    expect(lines).toContain(`"2026-01-02","'=evil.com","3","2"`);
  });

  it('[BEYOND-3] the opt-in line is a seven-day rate weighted by decisions; the query names the filter', () => {
    expect(rollingOptIn(report, 'statistics')).toEqual([1, 1, 0.25]);
    expect(reportQuery({ consentSolutionId: null, from: '2026-01-01', to: '2026-01-31' })).toBe('from=2026-01-01&to=2026-01-31');
    expect(reportQuery({ consentSolutionId: 7, from: '2026-01-01', to: '2026-01-31' })).toBe('from=2026-01-01&to=2026-01-31&consentSolutionId=7');
  });
});
