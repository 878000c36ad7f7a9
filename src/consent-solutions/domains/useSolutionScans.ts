import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { Scan } from '../../schemas/scanner';
import { pollWhileActive } from './scannerModel';
import { finishedSince } from './scanProgressModel';

/** BEYOND-4: the scanner's state, shared by every row and panel through react-query. */
export const useScannerStatus = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: queryKeys.scanner.status, queryFn: () => dataProvider.getScannerStatus(), staleTime: 60_000 });
};

/** react-admin's keys of the `domains` resource start with its name. */
const DOMAINS_KEY = ['domains'] as const;

/** SCAN-7: the latest scan of each of the solution's domains, polled every 2 s while one waits or runs. */
export const useSolutionScans = (solutionId: Identifier) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: queryKeys.scanner.scans(solutionId),
    queryFn: () => dataProvider.getSolutionScans(solutionId),
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });
};

/**
 * When a scan ends, what it changed is read again: the domain's status, last scan and cookie
 * count, the triage inbox and the cookie list. Once per screen (the list, the cookie panel), not per row.
 */
export const useRefreshWhenScansEnd = (solutionId: Identifier): void => {
  const queryClient = useQueryClient();
  const scans = useSolutionScans(solutionId);
  const previous = useRef<Scan[] | undefined>(undefined);
  useEffect(() => {
    if (!scans.data) return;
    const ended = finishedSince(previous.current, scans.data);
    previous.current = scans.data;
    if (!ended) return;
    void queryClient.invalidateQueries({ queryKey: DOMAINS_KEY });
    void queryClient.invalidateQueries({ queryKey: queryKeys.scanner.findings(solutionId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.cookies.all });
  }, [scans.data, queryClient, solutionId]);
};
