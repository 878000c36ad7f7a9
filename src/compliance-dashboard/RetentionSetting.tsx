import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { useCan } from '../hooks/useCan';
import type { ConsentRetention } from '../schemas/consentRecord';
import { retentionChoices } from './retentionModel';

/**
 * LOG-4: how long the account keeps its consent records. Administrators choose among whole
 * years (the default marked); everyone else reads the period. A failed save keeps the choice
 * on screen, with the data provider's toast.
 */
export const RetentionSetting = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const canEdit = useCan('account.edit');
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const retention = useQuery({ queryKey: queryKeys.reports.retention, queryFn: () => dataProvider.getConsentRetention(), retry: false });
  const [draft, setDraft] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (days: number) => dataProvider.setConsentRetention(days),
    onSuccess: (saved: ConsentRetention) => {
      queryClient.setQueryData(queryKeys.reports.retention, saved);
      setDraft(null);
      notify('proof.retention.saved', { type: 'success' });
    },
  });

  if (retention.isPending) return null;
  if (retention.isError) return <Alert severity="warning">{translate('proof.retention.load_failed')}</Alert>;
  const current = retention.data;
  const choices = retentionChoices(current);
  const label = (days: number) => {
    const choice = choices.find((c) => c.days === days);
    const period = choice?.years ? translate('proof.retention.years', { count: choice.years }) : translate('proof.retention.days', { count: days });
    return days === current.defaultDays ? `${period} ${translate('proof.retention.default_suffix')}` : period;
  };
  const selected = draft ?? current.days;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(selected);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="consent-retention">
      <Typography variant="h6" component="h2">
        {translate('proof.retention.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('proof.retention.intro')}
      </Typography>
      {canEdit ? (
        <Stack direction="row" spacing={1} component="form" onSubmit={submit} sx={{ alignItems: 'flex-start' }}>
          <TextField
            select
            label={translate('proof.retention.label')}
            value={String(selected)}
            onChange={(e) => setDraft(Number(e.target.value))}
            sx={{ minWidth: 240 }}
          >
            {choices.map((choice) => (
              <MenuItem key={choice.days} value={String(choice.days)}>
                {label(choice.days)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={save.isPending || selected === current.days} sx={{ height: 56 }}>
            {translate('proof.retention.save')}
          </Button>
        </Stack>
      ) : (
        <Typography>{translate('proof.retention.read_only', { period: label(current.days) })}</Typography>
      )}
    </Paper>
  );
};
