import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { env } from '../../config/env';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import { ScriptSnippet } from './ScriptSnippet';
import { tcfScriptTags } from './installationModel';

/** TCF-1, on the installation tab: what changes when TCF is on (the stub first, then the banner). */
export const TcfInstallationNote = ({ solutionId }: { solutionId: Identifier }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const state = useQuery({ queryKey: queryKeys.tcf.state(solutionId), queryFn: () => dataProvider.getTcfState(solutionId) });
  if (!state.data?.settings.enabled) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="tcf-installation-heading" sx={{ p: 2 }}>
      <Typography id="tcf-installation-heading" variant="h6" component="h3" gutterBottom>
        {translate('tcf.installation.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('tcf.installation.intro')}
      </Typography>
      <ScriptSnippet tag={tcfScriptTags(env.apiUrl, solutionId)} />
    </Paper>
  );
};
