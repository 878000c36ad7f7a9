import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { Loading, useDataProvider, useLocaleState, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import {
  allowedLegIntPurposes,
  PUBLISHER_RESTRICTIONS,
  TCF_PURPOSE_IDS,
  type GvlVendor,
  type PublisherRestrictionType,
  type TcfSettings,
  type TcfSettingsState,
} from '../../schemas/tcf';
import { addRestriction, removeRestriction, rowError, setVendorsChosen, settingsErrors, toggleLegInt } from './tcfModel';

const PER_PAGE = 10;

const ids = (list: readonly number[] | undefined): string => (list && list.length > 0 ? list.join(', ') : '');

/** TCF-3: the GVL version in force, the published pin, and the chosen vendors that changed or left. */
/** The GVL's declarations in the admin's language (purpose names for the restriction picker). */
const useVendorList = () => {
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: queryKeys.tcf.vendorList(locale), queryFn: () => dataProvider.getVendorList(locale) });
};

const GvlStatus = ({ state, names }: { state: TcfSettingsState; names: Map<number, string> }) => {
  const translate = useTranslate();
  const list = useVendorList();
  const label = (vendorIds: number[]) => vendorIds.map((id) => `${names.get(id) ?? ''} (${id})`.trim()).join(', ');
  return (
    <Stack spacing={1}>
      {list.data ? (
        <Typography variant="body2">
          {translate('tcf.gvl.version', { version: list.data.vendorListVersion, policy: list.data.tcfPolicyVersion, count: list.data.vendorCount })}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {state.publishedGvlVersion === null ? translate('tcf.gvl.never_published') : translate('tcf.gvl.published', { version: state.publishedGvlVersion })}
      </Typography>
      {state.publishedGvlVersion !== null && state.currentGvlVersion > state.publishedGvlVersion ? (
        <Alert severity="info">{translate('tcf.gvl.newer', { current: state.currentGvlVersion, published: state.publishedGvlVersion })}</Alert>
      ) : null}
      {state.changedVendorIds.length > 0 ? <Alert severity="warning">{translate('tcf.gvl.changed', { vendors: label(state.changedVendorIds) })}</Alert> : null}
      {state.departedVendorIds.length > 0 ? (
        <Alert severity="warning">{translate('tcf.gvl.departed', { vendors: label(state.departedVendorIds) })}</Alert>
      ) : null}
      {list.data?.lastRefreshError ? <Alert severity="error">{translate('tcf.gvl.refresh_error')}</Alert> : null}
    </Stack>
  );
};

interface VendorTableProps {
  settings: TcfSettings;
  errors: Record<string, string>;
  onChange: (next: TcfSettings) => void;
}

/** The GVL's vendors, searched and paged by the API, with a choice per row and for the whole page. */
const VendorTable = ({ settings, errors, onChange }: VendorTableProps) => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  // One request once typing pauses, not one per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQ(search), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const dataProvider = useDataProvider<AppDataProvider>();
  const result = useQuery({ queryKey: queryKeys.tcf.vendors(q, page), queryFn: () => dataProvider.searchVendors(q, page + 1, PER_PAGE) });
  const vendors = result.data?.vendors ?? [];
  const chosen = new Map(settings.vendors.map((v, index) => [v.id, { choice: v, index }]));
  const pageChosen = vendors.filter((v) => chosen.has(v.id)).length;
  const message = (key: string | undefined) => (key ? translate(key) : undefined);
  return (
    <Box component="section" aria-labelledby="tcf-vendors-heading">
      <Typography id="tcf-vendors-heading" variant="h6" component="h3">
        {translate('tcf.vendors.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('tcf.vendors.chosen', { count: settings.vendors.length })}
      </Typography>
      <TextField
        label={translate('tcf.vendors.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        size="small"
        sx={{ my: 1, minWidth: 320 }}
      />
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={vendors.length > 0 && pageChosen === vendors.length}
                  indeterminate={pageChosen > 0 && pageChosen < vendors.length}
                  onChange={(event) => onChange(setVendorsChosen(settings, vendors, event.target.checked))}
                  slotProps={{ input: { 'aria-label': translate('tcf.vendors.select_page') } }}
                />
              </TableCell>
              <TableCell>{translate('tcf.vendors.name')}</TableCell>
              <TableCell>{translate('tcf.vendors.consent_purposes')}</TableCell>
              <TableCell>{translate('tcf.vendors.li_purposes')}</TableCell>
              <TableCell>{translate('tcf.vendors.special_features')}</TableCell>
              <TableCell>{translate('tcf.vendors.retention')}</TableCell>
              <TableCell>{translate('tcf.vendors.cookie_max_age')}</TableCell>
              <TableCell>{translate('tcf.vendors.privacy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {vendors.map((vendor) => {
              const entry = chosen.get(vendor.id);
              const privacy = vendor.urls?.find((u) => u.langId === 'en')?.privacy ?? vendor.urls?.[0]?.privacy;
              const error = entry ? message(rowError(errors, `vendors.${entry.index}`)) : undefined;
              return (
                <TableRow key={vendor.id} data-vendor={vendor.id} selected={entry !== undefined}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={entry !== undefined}
                      onChange={(event) => onChange(setVendorsChosen(settings, [vendor], event.target.checked))}
                      slotProps={{ input: { 'aria-label': translate('tcf.vendors.select', { name: vendor.name }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    {vendor.name}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      #{vendor.id}
                    </Typography>
                    {error ? <FormHelperText error>{error}</FormHelperText> : null}
                  </TableCell>
                  <TableCell>{ids(vendor.purposes) || translate('tcf.vendors.none')}</TableCell>
                  <TableCell>
                    {allowedLegIntPurposes(vendor).length === 0
                      ? translate('tcf.vendors.none')
                      : allowedLegIntPurposes(vendor).map((purpose) => (
                          <FormControlLabel
                            key={purpose}
                            label={String(purpose)}
                            disabled={entry === undefined}
                            control={
                              <Checkbox
                                size="small"
                                checked={entry?.choice.legIntPurposes.includes(purpose) ?? false}
                                onChange={(event) => onChange(toggleLegInt(settings, vendor.id, purpose, event.target.checked))}
                                slotProps={{ input: { 'aria-label': translate('tcf.vendors.allow_li', { purpose, name: vendor.name }) } }}
                              />
                            }
                          />
                        ))}
                  </TableCell>
                  <TableCell>{ids(vendor.specialFeatures) || translate('tcf.vendors.none')}</TableCell>
                  <TableCell>
                    {vendor.dataRetention?.stdRetention !== undefined
                      ? translate('tcf.vendors.retention_days', { days: vendor.dataRetention.stdRetention })
                      : ''}
                  </TableCell>
                  <TableCell>
                    {typeof vendor.cookieMaxAgeSeconds === 'number' && vendor.usesCookies
                      ? translate('tcf.vendors.cookie_seconds', { seconds: vendor.cookieMaxAgeSeconds })
                      : translate('tcf.vendors.cookie_none')}
                  </TableCell>
                  <TableCell>
                    {privacy && /^https?:\/\//.test(privacy) ? (
                      <Link href={privacy} target="_blank" rel="noopener noreferrer">
                        {translate('tcf.vendors.privacy_link')}
                      </Link>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
            {!result.isPending && vendors.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8}>{translate('tcf.vendors.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={result.data?.total ?? 0}
        page={page}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
        onPageChange={(_event, next) => setPage(next)}
        aria-label={translate('tcf.vendors.pagination')}
      />
    </Box>
  );
};

/** Publisher restrictions on the chosen vendors (TCF-4). */
const Restrictions = ({ settings, errors, names, onChange }: VendorTableProps & { names: Map<number, string> }) => {
  const translate = useTranslate();
  const [vendorId, setVendorId] = useState<number | ''>('');
  const [purposeId, setPurposeId] = useState<number>(1);
  const [type, setType] = useState<PublisherRestrictionType>('require-consent');
  const purposes = useVendorList().data?.purposes;
  const purposeName = (id: number) => (purposes?.[String(id)] ? `${id} · ${purposes[String(id)]?.name ?? ''}` : String(id));
  return (
    <Box component="section" aria-labelledby="tcf-restrictions-heading">
      <Typography id="tcf-restrictions-heading" variant="h6" component="h3">
        {translate('tcf.restrictions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('tcf.restrictions.intro')}
      </Typography>
      {settings.publisherRestrictions.length === 0 ? <Typography variant="body2">{translate('tcf.restrictions.empty')}</Typography> : null}
      <Stack component="ul" sx={{ pl: 0, listStyle: 'none' }}>
        {settings.publisherRestrictions.map((r, index) => {
          const error = rowError(errors, `publisherRestrictions.${index}`);
          return (
            <li key={`${r.vendorId}-${r.purposeId}-${index}`}>
              {`${names.get(r.vendorId) ?? r.vendorId} · ${translate('tcf.restrictions.purpose')} ${purposeName(r.purposeId)} · ${translate(`tcf.restrictions.types.${r.restriction}`)}`}
              <IconButton aria-label={translate('tcf.restrictions.remove')} onClick={() => onChange(removeRestriction(settings, index))} size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
              {error ? <FormHelperText error>{translate(error)}</FormHelperText> : null}
            </li>
          );
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="tcf-restriction-vendor">{translate('tcf.restrictions.vendor')}</InputLabel>
          <Select
            labelId="tcf-restriction-vendor"
            label={translate('tcf.restrictions.vendor')}
            value={vendorId}
            onChange={(event) => setVendorId(Number(event.target.value))}
          >
            {settings.vendors.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {names.get(v.id) ?? v.id}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="tcf-restriction-purpose">{translate('tcf.restrictions.purpose')}</InputLabel>
          <Select
            labelId="tcf-restriction-purpose"
            label={translate('tcf.restrictions.purpose')}
            value={purposeId}
            onChange={(event) => setPurposeId(Number(event.target.value))}
          >
            {TCF_PURPOSE_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {purposeName(id)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="tcf-restriction-type">{translate('tcf.restrictions.type')}</InputLabel>
          <Select
            labelId="tcf-restriction-type"
            label={translate('tcf.restrictions.type')}
            value={type}
            onChange={(event) => setType(event.target.value as PublisherRestrictionType)}
          >
            {PUBLISHER_RESTRICTIONS.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`tcf.restrictions.types.${t}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button disabled={vendorId === ''} onClick={() => vendorId !== '' && onChange(addRestriction(settings, { vendorId, purposeId, restriction: type }))}>
          {translate('tcf.restrictions.add')}
        </Button>
      </Stack>
    </Box>
  );
};

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
  const state = useQuery({
    queryKey: queryKeys.tcf.state(solution?.id ?? ''),
    queryFn: () => dataProvider.getTcfState(solution?.id ?? ''),
    enabled: solution !== undefined,
  });
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
