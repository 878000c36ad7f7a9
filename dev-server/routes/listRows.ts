import type { Request, Response } from 'express';
import type { Store } from '../store/store';
import type { Row } from '../store/types';
import { checkListQuery } from './scopedCollection';

/**
 * json-server 0.17 list semantics (`_page`, `_limit`, `_start`, `_end`, `_sort`, `_order`, `q`,
 * exact-match filters) for routes that cannot hand the list to json-server: its `q` searches
 * every field (a consent solution's alias domains too) and its chain copies the collection.
 * This runs one pass over the live rows and clones only the page it answers.
 */
export interface ListSpec<T extends Row> {
  /** Fields usable as exact-match filters and in `_sort` (`id` always is). */
  fields: ReadonlySet<string>;
  /** The caller's rows only (ROLE-3); checked first, so other accounts' rows are never looked at further. */
  scope: (row: T) => boolean;
  /** `q`: called with the lower-cased needle; absent means `q` matches nothing but is still accepted. */
  matches?: (row: T, needle: string) => boolean;
}

export interface ListResult<T> {
  page: T[];
  /** What X-Total-Count says: all matching rows, before paging. */
  total: number;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  // Missing values last, as lodash's orderBy does.
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a ? 1 : -1;
  return collator.compare(String(a), String(b));
};

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value)]);

const int = (value: unknown): number | undefined => (typeof value === 'string' ? Number.parseInt(value, 10) : undefined);

/** Validates `query` (400 error.backend.invalid_query on a bad key) and answers the page. */
export const listRows = <T extends Row>(rows: readonly T[], query: Request['query'], spec: ListSpec<T>): ListResult<T> => {
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
    matching.sort((a, b) => {
      for (const [index, key] of keys.entries()) {
        const diff = compareValues((a as unknown as Record<string, unknown>)[key], (b as unknown as Record<string, unknown>)[key]);
        if (diff !== 0) return orders[index] === 'desc' ? -diff : diff;
      }
      return 0;
    });
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

/** How many list answers each server keeps (the most recently used). */
const CACHED_LISTS = 256;

interface CachedList {
  generation: number;
  total: number;
  json: string;
}

const caches = new WeakMap<Store, Map<string, CachedList>>();

/**
 * Answers a list (X-Total-Count and the page as JSON) from a read cache in front of listRows:
 * an answer is reused until the next write to the store, whatever it changed, so it is never
 * stale. `key` names what else the answer depends on besides the URL (the collection and the
 * caller's account).
 */
export const sendList = <T extends Row>(store: Store, req: Request, res: Response, key: string, rows: () => readonly T[], spec: ListSpec<T>): void => {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  const cacheKey = `${key}\u0000${req.originalUrl}`;
  const generation = store.generation();
  let answer = cache.get(cacheKey);
  if (answer?.generation === generation) {
    cache.delete(cacheKey); // most recently used goes last
  } else {
    const { page, total } = listRows(rows(), req.query, spec);
    answer = { generation, total, json: JSON.stringify(page) };
  }
  cache.set(cacheKey, answer);
  if (cache.size > CACHED_LISTS) cache.delete(cache.keys().next().value as string);
  res.setHeader('X-Total-Count', answer.total);
  res.type('application/json').send(answer.json);
};
