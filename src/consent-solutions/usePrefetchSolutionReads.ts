import { useQueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { tabOfPath } from '../shared/consentSolutionPaths';

/** The tabs that read the solution's TCF state as they open (the installation note, the TCF form). */
const TABS_READING_TCF = new Set(['installation', 'tcf']);

/**
 * The reads a consent solution's detail makes as it opens, for the detail at `pathname`: its
 * record, under react-admin's own `getOne` key (what `ShowBase` reads), the publish status every
 * tab's header shows, and the TCF state on the tabs that show it.
 */
const solutionReads = (dataProvider: AppDataProvider, solutionId: Identifier, pathname: string): FetchQueryOptions[] => [
  {
    queryKey: queryKeys.consentSolutions.record(solutionId),
    queryFn: () => dataProvider.getOne('consent-solutions', { id: solutionId }).then(({ data }) => data),
  },
  { queryKey: queryKeys.popup.publishStatus(solutionId), queryFn: () => dataProvider.getPublishStatus(solutionId) },
  ...(TABS_READING_TCF.has(tabOfPath(pathname, solutionId) ?? '')
    ? [{ queryKey: queryKeys.tcf.state(solutionId), queryFn: () => dataProvider.getTcfState(solutionId) }]
    : []),
];

/**
 * Starts the detail's reads while its chunk is still loading, from the route above it: each began
 * only once the component asking for it had loaded, rendered and committed, one after the other
 * (the record, then the header's publish status, then the tab's TCF state), a round trip each
 * before the tab showed (docs/performance.md). A read already cached or in flight is left alone,
 * as TanStack Query's `usePrefetchQuery` does; the query client keeps what arrives fresh for the
 * components (ST-7), so they do not ask again.
 */
export const usePrefetchSolutionReads = (): void => {
  const client = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { pathname } = useLocation();
  const { id } = useParams<'id'>();
  if (id === undefined) return;
  // react-admin's edit route decodes the id the same way (useShowController).
  for (const read of solutionReads(dataProvider, decodeURIComponent(id), pathname))
    if (client.getQueryState(read.queryKey) === undefined) void client.prefetchQuery(read);
};
