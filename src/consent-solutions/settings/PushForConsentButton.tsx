import { useState } from 'react';
import Button from '@mui/material/Button';
import CampaignIcon from '@mui/icons-material/Campaign';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { ConsentVersion } from '../../providers/methods/consentSolutions';
import { queryKeys } from '../../providers/queryKeys';

interface PushForConsentButtonProps {
  id: Identifier;
  /** Called with the new version so the page can show it before the record reloads. */
  onPushed: (version: ConsentVersion) => void;
}

/**
 * ROUTE-14: push for consent, behind a confirm dialog because it cannot be undone: every
 * visitor of every domain of the solution is asked again.
 */
export const PushForConsentButton = ({ id, onPushed }: PushForConsentButtonProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => dataProvider.pushForConsent(id),
    onSuccess: (version) => {
      setOpen(false);
      onPushed(version);
      notify('cs.settings.push_success', { type: 'success', messageArgs: { version: version.consentVersion } });
      // The record carries the version too; reread it rather than patch a cached copy.
      void queryClient.invalidateQueries({ queryKey: queryKeys.consentSolutions.all });
    },
    onError: () => {
      setOpen(false);
      // The httpClient has shown the API's reasons; this says which action failed.
      notify('cs.settings.push_failed', { type: 'error' });
    },
  });
  return (
    <>
      <Button variant="outlined" color="warning" startIcon={<CampaignIcon />} onClick={() => setOpen(true)} disabled={mutation.isPending}>
        {translate('cs.settings.push')}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title="cs.settings.push_confirm_title"
        content="cs.settings.push_confirm_content"
        confirm="cs.settings.push_confirm"
        confirmColor="warning"
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
