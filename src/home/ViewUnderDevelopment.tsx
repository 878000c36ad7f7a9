import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { env } from '../config/env';
import { PageLayout } from '../components/PageLayout';

interface ViewUnderDevelopmentProps {
  /** The old dashboard's address; configured by VITE_OLD_DASHBOARD_URL (ROUTE-20). */
  oldDashboardUrl?: string;
}

/** ROUTE-20, PROD-3: a view not rebuilt yet, with the way to the old dashboard. */
export const ViewUnderDevelopment = ({ oldDashboardUrl = env.oldDashboardUrl }: ViewUnderDevelopmentProps) => {
  const translate = useTranslate();
  return (
    <PageLayout
      width="form"
      header={
        <Typography variant="h4" component="h1">
          {translate('shell.under_development.title')}
        </Typography>
      }
    >
      <Typography sx={{ mb: 3 }}>{translate('shell.under_development.description')}</Typography>
      <Button variant="contained" href={oldDashboardUrl}>
        {translate('shell.under_development.open_old_dashboard')}
      </Button>
    </PageLayout>
  );
};
