import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { testDataProvider, testI18nProvider } from '../test/testShell';
import { dashboardEn } from '../i18n/dashboard.en';
import { dashboardFr } from '../i18n/dashboard.fr';
import type { ComplianceReport } from '../schemas/consentRecord';
import { ReportTotals } from './ReportTotals';

const report: ComplianceReport = {
  consentSolutionId: 1,
  from: '2026-11-01',
  to: '2026-11-25',
  totals: {
    decisions: 12,
    accept: 5,
    decline: 4,
    save: 2,
    shared: 1,
    'opt-out': 0,
    gpc: 0,
    underGpc: 3,
    optIn: { functional: 0.5, statistics: 0.5, marketing: 0.25 },
  },
  daily: [],
  cookiesByCategory: [],
  scans: [],
};

describe('ReportTotals', () => {
  it('[STD-3] shows how many decisions were made under Global Privacy Control, beside the other totals', () => {
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={testI18nProvider(dashboardEn)}>
        <ReportTotals report={report} />
      </AdminContext>,
    );
    const term = screen.getByText(dashboardEn.dashboard.totals.underGpc);
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText(dashboardEn.dashboard.totals.decisions).nextElementSibling?.textContent).toBe('12');
  });

  it('[STD-3] in French too', () => {
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={testI18nProvider(dashboardFr)}>
        <ReportTotals report={{ ...report, totals: { ...report.totals, underGpc: 0 } }} />
      </AdminContext>,
    );
    expect(screen.getByText('Sous Global Privacy Control').nextElementSibling?.textContent).toBe('0');
  });
});
