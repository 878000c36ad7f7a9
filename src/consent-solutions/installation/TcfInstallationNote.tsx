import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { tcfStateQuery } from '../solutionQueries';

/**
 * TCF-1, on the installation tab: what changes when TCF is on. Nothing to add (PROMISE-5): the
 * snippet's `loader.js` starts with the IAB stub once a publish has TCF on.
 */
export const TcfInstallationNote = ({ solutionId }: { solutionId: Identifier }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const state = useQuery(tcfStateQuery(dataProvider, solutionId));
  if (!state.data?.settings.enabled) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="tcf-installation-heading" sx={{ p: 2 }}>
      <Typography id="tcf-installation-heading" variant="h6" component="h3" gutterBottom>
        {translate('tcf.installation.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('tcf.installation.in_snippet')}
      </Typography>
    </Paper>
  );
};
