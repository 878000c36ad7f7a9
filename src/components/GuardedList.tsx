import { useCallback, useContext, useMemo, type ReactNode } from 'react';
import { ListBase, ListContextProvider, ListView, Loading, Pagination, useListContext, type ListProps, type RaRecord } from 'react-admin';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { LoadError } from './LoadError';

/**
 * A search box applies what was typed 500 ms after the last keystroke (react-admin's debounce),
 * by navigating to the list's own URL with the filter. Someone who clicked another menu item in
 * those 500 ms was taken back to the list: the list stays mounted while the next page's chunk
 * loads (a transition), so its stale location still names the list. Once the router is
 * elsewhere, the pending search is dropped. The router's history (browser or memory) knows
 * where it is now; react-router exposes it only as its navigator (an "unsafe", undocumented
 * but stable context), so without a `location` there the search is applied as before.
 */
const currentPathname = (navigator: unknown): string | undefined => {
  const location = (navigator as { location?: { pathname?: unknown } } | null)?.location;
  return typeof location?.pathname === 'string' ? location.pathname : undefined;
};

const RouteBoundFilters = ({ children }: { children: ReactNode }) => {
  const context = useListContext();
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { setFilters } = context;
  const guarded = useCallback<typeof setFilters>(
    (...args) => {
      if ((currentPathname(navigator) ?? pathname) !== pathname) return;
      setFilters(...args);
    },
    [setFilters, pathname, navigator],
  );
  const value = useMemo(() => ({ ...context, setFilters: guarded }), [context, guarded]);
  return <ListContextProvider value={value}>{children}</ListContextProvider>;
};

/** A failed read is said as such, with a retry, instead of the empty state. */
const ListLoadError = () => {
  const { error, refetch } = useListContext();
  return <LoadError error={error} onRetry={() => void refetch()} />;
};

/** A list drawn without GuardedList (a tab's own ListBase): its rows, or why they could not be read. */
export const UnlessListFailed = ({ children }: { children: ReactNode }) => {
  const { error } = useListContext();
  return error ? <ListLoadError /> : <>{children}</>;
};

/** Page counts describe rows that were read: none while the read failed ("1-25 of 25" beside an error read as data). */
const PaginationUnlessFailed = () => {
  const { error } = useListContext();
  return error ? null : <Pagination />;
};

/**
 * react-admin's `<List>` (ListBase with ListView, as react-admin composes it) with the two
 * guards above. Every list page of the admin uses it.
 */
export const GuardedList = <RecordType extends RaRecord = RaRecord>({
  debounce,
  disableAuthentication,
  disableSyncWithLocation,
  exporter,
  filter,
  filterDefaultValues,
  perPage = 10,
  queryOptions,
  resource,
  sort,
  storeKey,
  pagination,
  ...view
}: ListProps<RecordType>) => (
  <ListBase<RecordType>
    debounce={debounce}
    disableAuthentication={disableAuthentication}
    disableSyncWithLocation={disableSyncWithLocation}
    exporter={exporter}
    filter={filter}
    filterDefaultValues={filterDefaultValues}
    perPage={perPage}
    queryOptions={queryOptions}
    resource={resource}
    sort={sort}
    storeKey={storeKey}
    authLoading={<Loading />}
    // The view draws offline and error states itself (as react-admin's List does).
    offline={false}
  >
    <RouteBoundFilters>
      <ListView<RecordType> error={<ListLoadError />} pagination={pagination ?? <PaginationUnlessFailed />} {...view} />
    </RouteBoundFilters>
  </ListBase>
);
