import type { Store } from './store';
import type { Row } from './types';

/** A child collection whose rows belong to a parent row through `key` (the parent's id). */
interface Owned {
  collection: string;
  key: string;
}

/**
 * SEC-2: what belongs to what. Deleting a row deletes, recursively, every row that belongs to
 * it, so nothing is left to reappear or leak. Kept on purpose: the audit log (history of who
 * did what, by email). A deleted solution's consent records live in the consent log, outside
 * this store: the routes that delete solutions forget them there too (LOG-1).
 */
export const OWNERSHIP: Readonly<Record<string, readonly Owned[]>> = {
  accounts: [
    { collection: 'users', key: 'accountId' },
    { collection: 'consentSolutions', key: 'accountId' },
    { collection: 'popupTemplates', key: 'accountId' },
    { collection: 'billingProfiles', key: 'accountId' },
    { collection: 'payments', key: 'accountId' },
  ],
  users: [
    { collection: 'sessions', key: 'userId' },
    { collection: 'passwordTokens', key: 'userId' },
  ],
  consentSolutions: [
    { collection: 'domains', key: 'consentSolutionId' },
    { collection: 'popupSettings', key: 'consentSolutionId' },
    { collection: 'publications', key: 'consentSolutionId' },
    { collection: 'translations', key: 'consentSolutionId' },
    { collection: 'cookies', key: 'consentSolutionId' },
    { collection: 'tcfSettings', key: 'consentSolutionId' },
  ],
  domains: [
    { collection: 'scans', key: 'domainId' },
    { collection: 'scanFindings', key: 'domainId' },
    { collection: 'healthChecks', key: 'domainId' },
  ],
  popupTemplates: [{ collection: 'popupTemplateVersions', key: 'templateId' }],
};

/** What a cascade removed, per collection (for side effects such as CDN files). */
type Removed = Map<string, Row[]>;

/**
 * Removes the rows of `collection` that match `predicate` and everything they own, in memory,
 * in this tick. Does not write: the caller writes once, so the whole deletion is one atomic write.
 */
const removeWithDependents = (store: Store, collection: string, predicate: (row: Row) => boolean, removed: Removed = new Map()): Removed => {
  const rows = store.state()[collection];
  if (!Array.isArray(rows)) return removed;
  const gone: Row[] = [];
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index] as Row;
    if (predicate(row)) {
      rows.splice(index, 1);
      gone.push(row);
    }
  }
  if (gone.length === 0) return removed;
  removed.set(collection, [...(removed.get(collection) ?? []), ...gone]);
  return removeDependents(
    store,
    collection,
    gone.map((row) => row.id),
    removed,
  );
};

/** Removes, recursively, every row owned by the rows `ids` of `collection` (already removed themselves). Does not write. */
export const removeDependents = (store: Store, collection: string, ids: readonly number[], removed: Removed = new Map()): Removed => {
  const owners = new Set(ids);
  for (const child of OWNERSHIP[collection] ?? []) {
    removeWithDependents(store, child.collection, (row) => owners.has((row as unknown as Record<string, number>)[child.key] ?? Number.NaN), removed);
  }
  return removed;
};

/** Removes one row by id and everything it owns. Does not write. */
export const removeRow = (store: Store, collection: string, id: number): Removed => removeWithDependents(store, collection, (row) => row.id === id);
