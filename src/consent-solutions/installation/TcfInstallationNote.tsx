import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { env } from '../../config/env';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import { usePopupState } from '../popup/usePopupState';
import { ScriptSnippet } from './ScriptSnippet';
import { tcfScriptTags } from './installationModel';

/**
 * TCF-1, on the installation tab: what changes when TCF is on. The async snippet (STD-8) of a
 * publication with TCF on carries the stub in its inline part; the synchronous tag needs the
 * stub's own tag first.
 */
export const TcfInstallationNote = ({ solutionId }: { solutionId: Identifier }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const state = useQuery({ queryKey: queryKeys.tcf.state(solutionId), queryFn: () => dataProvider.getTcfState(solutionId) });
  // A publish with TCF on puts the stub in the inline part (composeInlineScript); TCF turned on
  // since then takes effect with the next publish, whose snippet carries it.
  const stubInSnippet = usePopupState(solutionId).data?.published?.inlineScript !== undefined;
  if (!state.data?.settings.enabled) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="tcf-installation-heading" sx={{ p: 2 }}>
      <Typography id="tcf-installation-heading" variant="h6" component="h3" gutterBottom>
        {translate('tcf.installation.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(stubInSnippet ? 'tcf.installation.in_snippet' : 'tcf.installation.intro')}
      </Typography>
      {stubInSnippet ? null : <ScriptSnippet tag={tcfScriptTags(env.apiUrl, solutionId)} />}
    </Paper>
  );
};
