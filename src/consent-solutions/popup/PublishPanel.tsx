import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { formatDateTime } from '../../i18n/formatters';
import { env } from '../../config/env';
import type { AppDataProvider } from '../../providers/dataProvider';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import { cdnScriptUrl } from '../../shared/cdnScriptUrl';

/**
 * BEYOND-2: publish the active template (with every language's texts and the cookie list) to
 * the installation path; "needs re-consent" pushes for consent in the same step.
 */
export const PublishPanel = ({ solutionId, disabled }: { solutionId: Identifier; disabled: boolean }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [needsReconsent, setNeedsReconsent] = useState(false);
  const publications = useQuery({ queryKey: queryKeys.popup.publications(solutionId), queryFn: () => dataProvider.getPublications(solutionId) });
  const publish = useMutation({
    mutationFn: () => dataProvider.publishPopup(solutionId, needsReconsent),
    onSuccess: async (publication) => {
      notify('popup.publish.done', { type: 'success', messageArgs: { version: publication.version } });
      setNeedsReconsent(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.popup.publications(solutionId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.popup.state(solutionId) }),
        // The solution's consentVersion changes with a re-consent publish.
        queryClient.invalidateQueries({ queryKey: queryKeys.consentSolutions.all }),
      ]);
    },
  });
  const scriptUrl = cdnScriptUrl(env.apiUrl, solutionId, 'banner.js');
  return (
    <Box component="section" aria-labelledby="publish-heading">
      <Typography id="publish-heading" variant="h6" component="h3">
        {translate('popup.publish.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('popup.publish.intro')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {translate('popup.publish.script_path')}: <code>{scriptUrl}</code>
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={needsReconsent} onChange={(event) => setNeedsReconsent(event.target.checked)} />}
        label={translate('popup.publish.needs_reconsent')}
      />
      <Box>
        <Button variant="contained" color="secondary" onClick={() => publish.mutate()} disabled={disabled || publish.isPending}>
          {translate('popup.publish.button')}
        </Button>
      </Box>
      {(publications.data ?? []).length > 0 ? (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
            {translate('popup.publish.history')}
          </Typography>
          <List dense>
            {(publications.data ?? []).map((p) => (
              <ListItem key={p.id} data-publication={p.version}>
                <ListItemText
                  primary={translate('popup.publish.entry', { version: p.version, template: p.templateName, date: formatDateTime(p.publishedAt) })}
                />
                {p.needsReconsent ? <Chip size="small" label={translate('popup.publish.reconsent_badge')} /> : null}
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </Box>
  );
};
