import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ComplianceReport } from '../schemas/consentRecord';
import { REPORTED_ACTIONS } from './reportModel';

/** The report's totals: decisions, each action, and the decisions made under GPC (STD-3). */
export const ReportTotals = ({ report }: { report: ComplianceReport }) => {
  const translate = useTranslate();
  const items = [
    ['decisions', report.totals.decisions] as const,
    ...REPORTED_ACTIONS.map((a) => [a, report.totals[a]] as const),
    ['underGpc', report.totals.underGpc] as const,
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 2, m: 0 }}>
      {items.map(([key, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`dashboard.totals.${key}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }} data-total={key}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
};
