import type { Request, RequestHandler } from 'express';
import { ApiError, violation } from './errors';

/**
 * Query strings: the list keys every list route accepts (json-server 0.17's `_page`, `_limit`,
 * `_start`, `_end`, `_sort`, `_order`, `q` and exact-match filters), nothing else, and ids in
 * paths.
 */

const PAGING_KEYS = new Set(['_page', '_limit', '_start', '_end']);

export const invalidQuery = (key: string): ApiError => new ApiError(400, [violation('error.backend.invalid_query', key)]);

/**
 * Validates a list query against the collection's fields; throws on the first bad key. The
 * rest of json-server's operators (`_like`, `_ne`, `_gte`, `_embed`, `_expand`, `callback`,
 * `_delay`…) are refused: they would match other accounts' rows or pull in other collections.
 */
export const checkListQuery = (query: Request['query'], fields: ReadonlySet<string>): void => {
  for (const [key, value] of Object.entries(query)) {
    const isString = typeof value === 'string';
    if (PAGING_KEYS.has(key)) {
      if (!isString || !/^\d{1,9}$/.test(value)) throw invalidQuery(key);
    } else if (key === '_sort') {
      if (!isString || !value.split(',').every((f) => f === 'id' || fields.has(f))) throw invalidQuery(key);
    } else if (key === '_order') {
      if (!isString || !value.split(',').every((o) => /^(asc|desc)$/i.test(o))) throw invalidQuery(key);
    } else if (key === 'q') {
      if (!isString || value.length > 200) throw invalidQuery(key);
    } else if (key === 'id' || fields.has(key)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (!values.every((v) => typeof v === 'string' && v.length <= 500)) throw invalidQuery(key);
    } else {
      throw invalidQuery(key);
    }
  }
};

const ID_FILTER = /^(id|\w+Id)$/;
const normaliseId = (value: unknown): unknown => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? String(Number(value)) : value);

/**
 * DEPLOY-5: an id filter names a number however it is written: `?consentSolutionId=01` lists
 * solution 1's rows, as `/consent-solutions/01` reads solution 1 (json-server compares text).
 */
export const normaliseIdFilters = (query: Request['query']): void => {
  for (const [key, value] of Object.entries(query)) {
    if (ID_FILTER.test(key)) query[key] = (Array.isArray(value) ? value.map(normaliseId) : normaliseId(value)) as Request['query'][string];
  }
};

/** Item routes take no query parameters (a stray `_embed` or `callback` answers 400, not silence). */
export const noQuery: RequestHandler = (req, _res, next) => {
  const [first] = Object.keys(req.query);
  next(first === undefined ? undefined : invalidQuery(first));
};

/** A row id from a path parameter; undefined for a missing or malformed one. */
export const parseId = (param: string | undefined): number | undefined => (param !== undefined && /^\d{1,15}$/.test(param) ? Number(param) : undefined);

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** How lists sort (`_sort`): numbers by value, text case-insensitively and numbers inside it naturally, missing values last. */
const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a ? 1 : -1;
  return collator.compare(String(a), String(b));
};

/** `_sort`/`_order` as one comparison: the keys in turn, each ascending unless its order says `desc`. */
export const compareByKeys =
  (keys: readonly string[], orders: readonly string[]) =>
  (a: Record<string, unknown>, b: Record<string, unknown>): number => {
    for (const [index, key] of keys.entries()) {
      const diff = compareValues(a[key], b[key]);
      if (diff !== 0) return orders[index] === 'desc' ? -diff : diff;
    }
    return 0;
  };
