import type { SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { useCan } from '../../hooks/useCan';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import { CancelScanButton } from './CancelScanButton';
import { ScanProgress } from './ScanProgress';
import { ScanSummary } from './ScanSummary';
import { isActive } from './scannerModel';
import { useScannerStatus, useSolutionScans } from './useSolutionScans';

/** A note above the domain list when the server has no scanner. */
export const ScannerUnavailableNote = () => {
  const translate = useTranslate();
  const status = useScannerStatus();
  if (status.data?.available !== false) return null;
  return (
    <Typography role="note" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {translate('scanner.unavailable')}
    </Typography>
  );
};

// The domain list's row opens the domain on click; nothing here (dialogs included: React
// events bubble out of portals) may do that too.
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

/**
 * BEYOND-4 / SCAN-7: one domain's latest scan (progress, queue, stop, failure advice, summary per
 * consent state) with "Scan now" and "Cancel scan"; used by the domain list and cookie management.
 * A refused start (409 already scanning, 503 no scanner) is told by the httpClient's notice.
 */
export const DomainScanStatus = ({ consentSolutionId, domainId }: { consentSolutionId: Identifier; domainId: Identifier }) => {
  const translate = useTranslate();
  // ROLE-1: read-only roles see the status, not the actions.
  const canWrite = useCan('domains.write');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const status = useScannerStatus();
  const scans = useSolutionScans(consentSolutionId);
  const scan = scans.data?.find((row) => String(row.domainId) === String(domainId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.scanner.scans(consentSolutionId) });
  const start = useMutation({ mutationFn: () => dataProvider.startScan(domainId), onSettled: refresh });
  const cancel = useMutation({ mutationFn: () => dataProvider.cancelScan(domainId), onSettled: refresh });
  const unavailable = status.data?.available === false;
  const active = isActive(scan);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
      data-scan-status={scan?.status ?? 'none'}
      onClick={keepInside}
      onKeyDown={keepInside}
    >
      {scan ? <ScanProgress scan={scan} stopping={cancel.isPending || (cancel.data?.id === scan.id && scan.status === 'running')} /> : null}
      {canWrite && scan && active ? <CancelScanButton scan={scan} pending={cancel.isPending} onConfirm={() => cancel.mutate()} /> : null}
      {canWrite && !active ? (
        <Button
          size="small"
          variant="outlined"
          disabled={unavailable || start.isPending}
          title={unavailable ? translate('scanner.unavailable') : undefined}
          onClick={() => start.mutate()}
        >
          {translate('scanner.scan_now')}
        </Button>
      ) : null}
      {scan && !active ? <ScanSummary scan={scan} /> : null}
    </Box>
  );
};
