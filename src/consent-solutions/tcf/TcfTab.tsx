import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { Loading, useDataProvider, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import { tcfStateQuery } from '../solutionQueries';
import type { GvlVendor, TcfSettings, TcfSettingsState } from '../../schemas/tcf';
import { AcProviders } from './AcProviders';
import { GvlStatus } from './GvlStatus';
import { Restrictions } from './Restrictions';
import { settingsErrors } from './tcfModel';
import { VendorTable } from './VendorTable';

const TcfForm = ({ solutionId, state }: { solutionId: Identifier; state: TcfSettingsState }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [settings, setSettings] = useState<TcfSettings>(state.settings);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const chosenIds = settings.vendors.map((v) => v.id);
  const chosenVendors = useQuery({
    queryKey: queryKeys.tcf.chosen(chosenIds),
    queryFn: () => dataProvider.getVendorsByIds(chosenIds),
    enabled: chosenIds.length > 0,
  });
  const names = new Map((chosenVendors.data ?? []).map((v: GvlVendor) => [v.id, v.name]));
  const clientErrors = submitted ? settingsErrors(settings) : {};
  const errors = { ...serverErrors, ...clientErrors };
  const save = useMutation({
    mutationFn: () => dataProvider.saveTcfSettings(solutionId, settings),
    onSuccess: (next) => {
      setServerErrors({});
      queryClient.setQueryData(queryKeys.tcf.state(solutionId), next);
      notify('tcf.saved', { type: 'success' });
    },
    onError: (error) => {
      const fieldErrors = error instanceof HttpError ? ((error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {};
      setServerErrors(fieldErrors);
    },
  });
  const change = (next: TcfSettings) => {
    setServerErrors({});
    setSettings(next);
  };
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(settingsErrors(settings)).length === 0) save.mutate();
  };
  const countryError = errors.publisherCountryCode;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {translate('tcf.intro')}
          </Typography>
          <FormControlLabel
            control={<Switch checked={settings.enabled} onChange={(event) => change({ ...settings, enabled: event.target.checked })} />}
            label={translate('tcf.enabled')}
          />
          <FormHelperText>{translate('tcf.enabled_help')}</FormHelperText>
          <TextField
            label={translate('tcf.country')}
            value={settings.publisherCountryCode}
            onChange={(event) => change({ ...settings, publisherCountryCode: event.target.value.toUpperCase() })}
            error={countryError !== undefined}
            helperText={translate(countryError ?? 'tcf.country_help')}
            slotProps={{ htmlInput: { maxLength: 2 } }}
            size="small"
            sx={{ maxWidth: 280 }}
          />
          <FormControlLabel
            control={<Switch checked={settings.purposeOneTreatment} onChange={(event) => change({ ...settings, purposeOneTreatment: event.target.checked })} />}
            label={translate('tcf.purpose_one')}
          />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <GvlStatus state={state} names={names} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <VendorTable settings={settings} errors={errors} onChange={change} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Restrictions settings={settings} errors={errors} names={names} onChange={change} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <AcProviders settings={settings} errors={errors} onChange={change} />
      </Paper>
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {translate('tcf.save')}
        </Button>
      </Box>
    </Stack>
  );
};

/** TCF-4 `tcf/`: a consent solution's IAB TCF settings. */
export const TcfTab = () => {
  const translate = useTranslate();
  const solution = useRecordContext<{ id: Identifier }>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const state = useQuery({ ...tcfStateQuery(dataProvider, solution?.id ?? ''), enabled: solution !== undefined });
  if (!solution) return null;
  if (state.isPending) return <Loading />;
  if (!state.data) return null;
  return (
    <Box component="section" aria-labelledby="tcf-heading">
      <Typography id="tcf-heading" variant="h5" component="h2" gutterBottom>
        {translate('tcf.title')}
      </Typography>
      <TcfForm solutionId={solution.id} state={state.data} />
    </Box>
  );
};
