import { useQueryClient, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { tabOfPath } from '../shared/consentSolutionPaths';
import { publishStatusQuery, tcfStateQuery } from './solutionQueries';

/** The tabs that read the solution's TCF state as they open (the installation note, the TCF form). */
const TABS_READING_TCF = new Set(['installation', 'tcf']);

/** Starts a read unless it is cached or in flight already, as TanStack Query's `usePrefetchQuery` does. */
const startRead = <T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): void => {
  if (client.getQueryState(options.queryKey) === undefined) void client.prefetchQuery(options);
};

/**
 * Starts the reads a consent solution's detail makes as it opens while its chunk is still loading,
 * from the route above it: its record, under react-admin's own `getOne` key (what `ShowBase`
 * reads), the publish status every tab's header shows, and the TCF state on the tabs that show it.
 * Each began only once the component asking for it had loaded, rendered and committed, one after
 * the other, a round trip each before the tab showed (docs/performance.md). The query client keeps
 * what arrives fresh for the components (ST-7), so they do not ask again.
 */
export const usePrefetchSolutionReads = (): void => {
  const client = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { pathname } = useLocation();
  const { id } = useParams<'id'>();
  if (id === undefined) return;
  // react-admin's edit route decodes the id the same way (useShowController).
  const solutionId = decodeURIComponent(id);
  startRead(client, {
    queryKey: queryKeys.consentSolutions.record(solutionId),
    queryFn: () => dataProvider.getOne('consent-solutions', { id: solutionId }).then(({ data }) => data),
  });
  startRead(client, publishStatusQuery(dataProvider, solutionId));
  if (TABS_READING_TCF.has(tabOfPath(pathname, solutionId) ?? '')) startRead(client, tcfStateQuery(dataProvider, solutionId));
};
