import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { PUBLISHER_RESTRICTIONS, TCF_PURPOSE_IDS, type PublisherRestrictionType } from '../../schemas/tcf';
import { addRestriction, removeRestriction, rowError } from './tcfModel';
import { useVendorList } from './useVendorList';
import type { VendorTableProps } from './VendorTable';

/** Publisher restrictions on the chosen vendors (TCF-4). */
export const Restrictions = ({ settings, errors, names, onChange }: VendorTableProps & { names: Map<number, string> }) => {
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
