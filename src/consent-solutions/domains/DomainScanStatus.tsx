import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCan } from '../../hooks/useCan';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { Scan } from '../../schemas/scanner';
import { isActive, pollWhileActive } from './scannerModel';

/** BEYOND-4: the scanner's state on the domain list, shared by every row through react-query. */

export const useScannerStatus = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: queryKeys.scanner.status, queryFn: () => dataProvider.getScannerStatus(), staleTime: 60_000 });
};

const useSolutionScans = (solutionId: Identifier) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: queryKeys.scanner.scans(solutionId),
    queryFn: () => dataProvider.getSolutionScans(solutionId),
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });
};

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

const ScanState = ({ scan }: { scan: Scan | undefined }) => {
  const translate = useTranslate();
  // Never scanned: the Last scan column already says so.
  if (!scan) return null;
  if (scan.status === 'running' || scan.status === 'queued') {
    const percent = scan.pagesPlanned > 0 ? Math.round((100 * scan.pagesVisited) / scan.pagesPlanned) : 0;
    const text = translate(`scanner.status.${scan.status}`, { visited: scan.pagesVisited, planned: scan.pagesPlanned });
    return (
      <Box sx={{ minWidth: 140 }}>
        <Typography variant="body2">{text}</Typography>
        <LinearProgress variant={scan.status === 'queued' ? 'indeterminate' : 'determinate'} value={percent} aria-label={text} />
      </Box>
    );
  }
  if (scan.status === 'failed') {
    return (
      <Typography variant="body2" color="error">
        {translate(`scanner.failure.${scan.failure ?? 'error'}`)}
      </Typography>
    );
  }
  return <Typography variant="body2">{translate('scanner.status.succeeded', { count: scan.cookies.length })}</Typography>;
};

/** One domain row's scan: the latest scan's state and progress, and "Scan now". */
export const DomainScanStatus = ({ consentSolutionId, domainId }: { consentSolutionId: Identifier; domainId: Identifier }) => {
  const translate = useTranslate();
  // ROLE-1: read-only roles see the status, not the action.
  const canWrite = useCan('domains.write');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const status = useScannerStatus();
  const scans = useSolutionScans(consentSolutionId);
  const scan = scans.data?.find((row) => String(row.domainId) === String(domainId));
  const start = useMutation({
    mutationFn: () => dataProvider.startScan(domainId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.scanner.scans(consentSolutionId) });
    },
  });
  const unavailable = status.data?.available === false;
  const busy = isActive(scan) || start.isPending;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-scan-status={scan?.status ?? 'none'}>
      <ScanState scan={scan} />
      {canWrite ? (
        <Button
          size="small"
          variant="outlined"
          disabled={unavailable || busy}
          title={unavailable ? translate('scanner.unavailable') : undefined}
          onClick={(event: MouseEvent) => {
            // The row opens the domain's edit screen on click.
            event.stopPropagation();
            start.mutate();
          }}
        >
          {translate('scanner.scan_now')}
        </Button>
      ) : null}
    </Box>
  );
};
