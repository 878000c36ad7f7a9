import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { useCan } from '../hooks/useCan';
import { formatDateTime } from '../i18n/formatters';
import { notify } from '../notifications/notify';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { publishStatusQuery } from './solutionQueries';

/**
 * PROMISE-4: on every tab of a solution, the live version, what changed since it (computed by
 * the API from the last publication's snapshot) and the one Publish action. The template editor
 * keeps its panel for a publish that asks every visitor again.
 */
export const PublishBar = ({ solutionId }: { solutionId: Identifier }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const canPublish = useCan('consentSolutions.write');
  const status = useQuery({ ...publishStatusQuery(dataProvider, solutionId), retry: false });

  // Any edit saved anywhere in the admin (a text, a cookie, a template, a setting) may change
  // what is unpublished: ask again after each successful change.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: queryKeys.popup.publishStatus(solutionId) });
      }),
    [queryClient, solutionId],
  );

  const publish = useMutation({
    mutationFn: () => dataProvider.publishPopup(solutionId, false),
    onSuccess: async (publication) => {
      notify('popup.publish.done', { type: 'success', messageArgs: { version: publication.version } });
      await queryClient.invalidateQueries({ queryKey: queryKeys.popup.all });
    },
  });

  if (!status.data) return null;
  const { published, changes } = status.data;
  const pending = published === null || (changes !== null && changes.length > 0);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }} data-publish-bar>
      <Box role="status" sx={{ textAlign: { sm: 'right' } }}>
        <Typography variant="body2" data-live-version={published?.version ?? 'none'}>
          {published
            ? translate('cs.publish_bar.live', { version: published.version, date: formatDateTime(published.publishedAt) })
            : translate('cs.publish_bar.never')}
        </Typography>
        {published && changes && changes.length > 0 ? (
          <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 500 }} data-unpublished={changes.join(' ')}>
            {translate('cs.publish_bar.unpublished', { areas: changes.map((area) => translate(`cs.publish_bar.area.${area}`)).join(', ') })}
          </Typography>
        ) : null}
      </Box>
      {canPublish ? (
        <Button variant={pending ? 'contained' : 'outlined'} color="secondary" onClick={() => publish.mutate()} disabled={publish.isPending}>
          {translate('popup.publish.button')}
        </Button>
      ) : null}
    </Box>
  );
};
