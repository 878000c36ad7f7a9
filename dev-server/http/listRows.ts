import type { Request } from 'express';
import { checkListQuery, compareByKeys } from './query';

/** A row of a list: an object with its id, as a stored row. */
type ListRow = { id: number };

/**
 * json-server 0.17 list semantics (`_page`, `_limit`, `_start`, `_end`, `_sort`, `_order`, `q`,
 * exact-match filters) for a list that is not a stored collection, which json-server's router
 * cannot serve: the IAB Global Vendor List's vendors (external data, refreshed in memory and
 * never written to the store). Stored collections go through collections/. One pass over
 * the rows; only the page is cloned.
 */
interface ListSpec<T extends ListRow> {
  /** Fields usable as exact-match filters and in `_sort` (`id` always is). */
  fields: ReadonlySet<string>;
  /** The rows the list holds (the vendors not deleted); checked first, so other rows are never looked at further. */
  scope: (row: T) => boolean;
  /** `q`: called with the lower-cased needle; absent means `q` matches nothing but is still accepted. */
  matches?: (row: T, needle: string) => boolean;
}

interface ListResult<T> {
  page: T[];
  /** What X-Total-Count says: all matching rows, before paging. */
  total: number;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value)]);

const int = (value: unknown): number | undefined => (typeof value === 'string' ? Number.parseInt(value, 10) : undefined);

/** Validates `query` (400 error.backend.invalid_query on a bad key) and answers the page. */
export const listRows = <T extends ListRow>(rows: readonly T[], query: Request['query'], spec: ListSpec<T>): ListResult<T> => {
  checkListQuery(query, new Set(spec.fields));
  const filters: [string, string[]][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('_') && key !== 'q') filters.push([key, asList(value)]);
  }
  const needle = typeof query.q === 'string' ? query.q.toLowerCase() : undefined;

  const matching: T[] = [];
  for (const row of rows) {
    if (!spec.scope(row)) continue;
    const record = row as unknown as Record<string, unknown>;
    if (!filters.every(([key, values]) => record[key] !== undefined && record[key] !== null && values.includes(String(record[key])))) continue;
    if (needle !== undefined && needle !== '' && !(spec.matches?.(row, needle) ?? false)) continue;
    matching.push(row);
  }

  if (typeof query._sort === 'string') {
    const keys = query._sort.split(',');
    const orders = typeof query._order === 'string' ? query._order.toLowerCase().split(',') : [];
    const compare = compareByKeys(keys, orders);
    matching.sort((a, b) => compare(a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>));
  }

  const total = matching.length;
  let start = 0;
  let end = total;
  const page = int(query._page);
  const limit = int(query._limit);
  if (page !== undefined) {
    const size = limit ?? 10;
    start = (Math.max(page, 1) - 1) * size;
    end = start + size;
  } else if (query._end !== undefined) {
    start = int(query._start) ?? 0;
    end = int(query._end) ?? total;
  } else if (limit !== undefined) {
    start = int(query._start) ?? 0;
    end = start + limit;
  }
  // Rows are the store's live objects: the caller gets copies it may hand to res.json safely.
  return { page: structuredClone(matching.slice(start, end)), total };
};
