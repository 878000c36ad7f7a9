import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { PendingIndicator } from '../components/PendingIndicator';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import type { ReportFilter } from '../schemas/consentRecord';
import { ConsentRecordsPage } from './ConsentRecordsPage';
import { download } from '../shared/download';
import { daysAgo, isoDay, reportCsv } from './reportModel';
import { RecordsExportButton } from './RecordsExportButton';
import { ReportTotals } from './ReportTotals';

/** @mui/x-charts only loads with a report that has something to draw. */
const ReportCharts = lazy(() => import('./ReportCharts'));

/**
 * ROUTE-6, BEYOND-3: `/compliance-dashboard/`. The API names the account's report (embed URL),
 * the dashboard draws it: opt-in rate per category over time, decisions per day, cookies by
 * category and scan history, per consent solution and date range, exportable as CSV.
 * `/compliance-dashboard/records/` is the proof-of-consent lookup (BEYOND-9).
 */
export const ComplianceDashboardPage = () => (
  <Routes>
    <Route path="records/*" element={<ConsentRecordsPage />} />
    <Route path="*" element={<DashboardView />} />
  </Routes>
);

const DashboardView = () => {
  const translate = useTranslate();
  const [filter, setFilter] = useState<ReportFilter>(() => ({ consentSolutionId: null, from: daysAgo(89), to: isoDay(new Date()) }));
  const solutions = useGetList<{ id: number; name: string }>('consent-solutions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const dataProvider = useDataProvider<AppDataProvider>();
  const report = useQuery({ queryKey: queryKeys.reports.compliance(filter), queryFn: () => dataProvider.getComplianceReport(filter), retry: false });
  const validRange = filter.from !== '' && filter.to !== '' && filter.from <= filter.to;

  const exportCsv = () => {
    if (report.data) download(reportCsv(report.data), `compliance-report-${filter.from}-${filter.to}.csv`, 'text/csv;charset=utf-8');
  };

  return (
    <PageLayout
      width="full"
      header={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box>
            <Typography variant="h4" component="h1">
              {translate('dashboard.title')}
            </Typography>
            <Typography color="text.secondary">{translate('dashboard.intro')}</Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/compliance-dashboard/records/" variant="outlined">
              {translate('dashboard.records_link')}
            </Button>
            <RecordsExportButton filter={filter} disabled={!validRange} />
            <Button onClick={exportCsv} variant="contained" disabled={!report.data}>
              {translate('dashboard.export_csv')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} component="form" onSubmit={(e) => e.preventDefault()}>
          <TextField
            select
            label={translate('dashboard.filters.solution')}
            value={filter.consentSolutionId === null ? 'all' : String(filter.consentSolutionId)}
            onChange={(e) => setFilter((f) => ({ ...f, consentSolutionId: e.target.value === 'all' ? null : Number(e.target.value) }))}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="all">{translate('dashboard.filters.all_solutions')}</MenuItem>
            {(solutions.data ?? []).map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={translate('dashboard.filters.from')}
            value={filter.from}
            onChange={(e) => e.target.value !== '' && setFilter((f) => ({ ...f, from: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.to } }}
          />
          <TextField
            type="date"
            label={translate('dashboard.filters.to')}
            value={filter.to}
            onChange={(e) => e.target.value !== '' && setFilter((f) => ({ ...f, to: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.from } }}
          />
        </Stack>
        {!validRange ? <Alert severity="warning">{translate('validation.date_range_invalid')}</Alert> : null}
        {report.isPending ? (
          <Box role="status" aria-live="polite">
            <PendingIndicator />
            <Typography>{translate('dashboard.loading')}</Typography>
          </Box>
        ) : report.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void report.refetch()}>
                {translate('dashboard.retry')}
              </Button>
            }
          >
            {translate('dashboard.report_unavailable')}
          </Alert>
        ) : report.data.totals.decisions === 0 ? (
          <>
            <Paper variant="outlined" sx={{ p: 3 }} data-testid="dashboard-empty">
              <Typography variant="h6" component="h2">
                {translate('dashboard.empty.title')}
              </Typography>
              <Typography sx={{ my: 1 }}>{translate('dashboard.empty.body')}</Typography>
              <Button component={RouterLink} to="/onboarding/" variant="contained">
                {translate('dashboard.empty.action')}
              </Button>
            </Paper>
          </>
        ) : (
          <>
            <ReportTotals report={report.data} />
            <Suspense fallback={<PendingIndicator />}>
              <ReportCharts report={report.data} />
            </Suspense>
          </>
        )}
      </Stack>
    </PageLayout>
  );
};
