import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { TcfSettingsState } from '../../schemas/tcf';
import { useVendorList } from './useVendorList';

/** TCF-3: the GVL version in force, the published pin, and the chosen vendors that changed or left. */
export const GvlStatus = ({ state, names }: { state: TcfSettingsState; names: Map<number, string> }) => {
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
