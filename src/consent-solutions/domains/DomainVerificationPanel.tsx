import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useCan } from '../../hooks/useCan';
import { formatDateTime } from '../../i18n/formatters';
import type { AppDataProvider } from '../../providers/dataProvider';
import { verificationFileUrl, verificationRecordName, type VerificationStatus } from '../../shared/domainVerification';
import type { DomainRecord } from './domainModel';

const chipColor: Record<VerificationStatus, 'success' | 'warning' | 'error'> = { verified: 'success', pending: 'warning', expired: 'error' };

/** Monospace text the customer copies into a DNS zone or a file. */
const Copyable = ({ children }: { children: string }) => (
  <Box component="code" sx={{ display: 'block', p: 1, my: 0.5, bgcolor: 'action.hover', borderRadius: 1, overflowWrap: 'anywhere', fontSize: '0.875rem' }}>
    {children}
  </Box>
);

/**
 * DEPLOY-4: the domain's proof of control on its edit screen: the state, the claim's token and
 * the two ways to publish it, what the last check lacked, "Verify now", and a new token once a
 * claim lapsed. Read-only roles see the state and the instructions, not the actions.
 */
export const DomainVerificationPanel = ({ record }: { record: DomainRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const canWrite = useCan('domains.write');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { verification, canonicalDomain } = record;
  // The record on screen comes from react-admin's getOne: reading it again shows the new state.
  const reload = () => queryClient.invalidateQueries({ queryKey: ['domains', 'getOne'] });
  const verify = useMutation({
    mutationFn: () => dataProvider.verifyDomain(record.id),
    onSuccess: () => notify('deploy.verification.verified_notice', { type: 'success' }),
    onSettled: reload,
  });
  const renew = useMutation({ mutationFn: () => dataProvider.renewDomainToken(record.id), onSettled: reload });
  const { status } = verification;
  const help =
    status === 'verified'
      ? translate('deploy.verification.verified_help', {
          date: verification.verifiedAt ? formatDateTime(verification.verifiedAt) : '',
          method: translate(`deploy.verification.method.${verification.method ?? 'dns'}`),
        })
      : status === 'expired'
        ? translate('deploy.verification.expired_help')
        : translate('deploy.verification.pending_help', { date: verification.expiresAt ? formatDateTime(verification.expiresAt) : '' });
  return (
    <Box component="section" aria-labelledby="domain-verification-heading" sx={{ width: '100%', mb: 2 }} data-verification={status}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="domain-verification-heading" variant="h6" component="h3">
          {translate('deploy.verification.title')}
        </Typography>
        <Chip size="small" variant="outlined" color={chipColor[status]} label={translate(`deploy.verification.status.${status}`)} />
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {help}
      </Typography>
      {status === 'pending' ? (
        <>
          <Typography variant="subtitle2">{translate('deploy.verification.token')}</Typography>
          <Copyable>{verification.token}</Copyable>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {translate('deploy.verification.dns_title')}
          </Typography>
          <Typography variant="body2">{translate('deploy.verification.dns_help', { name: verificationRecordName(canonicalDomain) })}</Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {translate('deploy.verification.file_title')}
          </Typography>
          <Typography variant="body2">{translate('deploy.verification.file_help', { url: verificationFileUrl(canonicalDomain) })}</Typography>
          {verification.problems.length > 0 && verification.checkedAt ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('deploy.verification.last_check', { date: formatDateTime(verification.checkedAt) })}
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {verification.problems.map((problem) => (
                  <li key={problem}>{translate(problem)}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
        </>
      ) : null}
      {canWrite && status !== 'verified' ? (
        <Box sx={{ mt: 1 }}>
          {status === 'pending' ? (
            <Button variant="contained" size="small" disabled={verify.isPending} onClick={() => verify.mutate()}>
              {translate('deploy.verification.verify_now')}
            </Button>
          ) : (
            <Button variant="outlined" size="small" disabled={renew.isPending} onClick={() => renew.mutate()}>
              {translate('deploy.verification.new_token')}
            </Button>
          )}
        </Box>
      ) : null}
    </Box>
  );
};
