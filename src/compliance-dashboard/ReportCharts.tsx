import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ComplianceReport } from '../schemas/consentRecord';
import { OPT_IN_CATEGORIES, REPORTED_ACTIONS, rollingOptIn } from './reportModel';

/**
 * BEYOND-3: the four charts of the compliance dashboard. Its own chunk (@mui/x-charts is
 * large), loaded only once a report with data is on screen. Each chart has a heading and a
 * text summary for screen readers; the numbers are in the CSV export too.
 */

const percent = (value: number | null | undefined): string => (value === null || value === undefined ? '–' : `${Math.round(value * 100)} %`);

const ChartCard = ({ title, id, children, summary }: { title: string; id: string; children: ReactNode; summary?: string }) => (
  <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }} data-chart={id}>
    <Typography id={id} variant="h6" component="h2">
      {title}
    </Typography>
    {summary ? (
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
    ) : null}
    <Box role="img" aria-label={summary ?? title}>
      {children}
    </Box>
  </Paper>
);

export const ReportCharts = ({ report }: { report: ComplianceReport }) => {
  const translate = useTranslate();
  const dates = report.daily.map((d) => d.date);
  const categoryLabel = (c: string) => translate(`dashboard.categories.${c}`);
  const optInSummary = translate('dashboard.charts.opt_in_summary', Object.fromEntries(OPT_IN_CATEGORIES.map((c) => [c, percent(report.totals.optIn[c])])));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <ChartCard id="chart-opt-in" title={translate('dashboard.charts.opt_in')} summary={`${optInSummary} ${translate('dashboard.charts.opt_in_window')}`}>
        <LineChart
          height={280}
          xAxis={[{ data: dates, scaleType: 'point' }]}
          yAxis={[{ min: 0, max: 1, valueFormatter: (v: number) => percent(v) }]}
          series={OPT_IN_CATEGORIES.map((c) => ({
            label: categoryLabel(c),
            data: rollingOptIn(report, c),
            connectNulls: true,
            showMark: false,
            valueFormatter: (v: number | null) => percent(v),
          }))}
        />
      </ChartCard>
      <ChartCard
        id="chart-decisions"
        title={translate('dashboard.charts.decisions')}
        summary={`${translate('dashboard.totals.decisions')}: ${report.totals.decisions}`}
      >
        <BarChart
          height={280}
          xAxis={[{ data: dates, scaleType: 'band' }]}
          series={REPORTED_ACTIONS.map((a) => ({ label: translate(`dashboard.totals.${a}`), data: report.daily.map((d) => d[a]), stack: 'decisions' }))}
        />
      </ChartCard>
      <ChartCard
        id="chart-cookies"
        title={translate('dashboard.charts.cookies')}
        summary={report.cookiesByCategory.map((c) => `${categoryLabel(c.category)} ${c.count}`).join(', ')}
      >
        <BarChart
          height={260}
          layout="horizontal"
          yAxis={[{ data: report.cookiesByCategory.map((c) => categoryLabel(c.category)), scaleType: 'band', width: 110 }]}
          series={[{ data: report.cookiesByCategory.map((c) => c.count), label: translate('dashboard.charts.cookies') }]}
          hideLegend
        />
      </ChartCard>
      <ChartCard id="chart-scans" title={translate('dashboard.charts.scans')}>
        {report.scans.length === 0 ? (
          <Typography sx={{ py: 4 }}>{translate('dashboard.charts.scans_empty')}</Typography>
        ) : (
          <BarChart
            height={260}
            xAxis={[{ data: report.scans.map((s) => `${s.date} ${s.domain}`), scaleType: 'band' }]}
            series={[
              { data: report.scans.map((s) => s.cookiesFound), label: translate('dashboard.charts.cookies_found') },
              { data: report.scans.map((s) => s.complianceFindings), label: translate('scanner.compliance.dashboard_series') },
            ]}
          />
        )}
      </ChartCard>
    </Box>
  );
};

export default ReportCharts;
