import { randomBytes } from 'node:crypto';
import low, { type LowdbSync } from 'lowdb';
import { AtomicJsonFileAdapter } from './atomicAdapter';
import type { DbState, Meta, Row } from './types';

const emptyState = (): DbState => ({
  meta: { jwtSecret: randomBytes(48).toString('base64url'), seededAt: new Date(0).toISOString() },
  accounts: [],
  users: [],
  passwordTokens: [],
});

export interface Collection<T extends Row> {
  all(): T[];
  find(id: number): T | undefined;
  findBy(predicate: (row: T) => boolean): T | undefined;
  filter(predicate: (row: T) => boolean): T[];
  insert(row: Omit<T, 'id'>): T;
  update(id: number, patch: Partial<Omit<T, 'id'>>): T | undefined;
  remove(id: number): boolean;
}

/**
 * The one lowdb instance of the process. json-server's router and our own routes share it, and
 * every handler mutates it synchronously, so concurrent requests cannot lose each other's
 * writes; each write persists the whole state atomically.
 */
export interface Store {
  readonly db: LowdbSync;
  readonly file: string;
  state(): DbState;
  collection<T extends Row>(name: string): Collection<T>;
  ensureCollection(name: string): void;
  nextId(name: string): number;
  meta(): Meta;
  write(): void;
}

export const openStore = (file: string): Store => {
  const db = low(new AtomicJsonFileAdapter(file, emptyState()));
  const state = (): DbState => db.getState() as DbState;

  // A file written by an older seed may lack collections added since; fill them in.
  const current = state();
  let repaired = false;
  for (const [key, value] of Object.entries(emptyState())) {
    if (current[key] === undefined) {
      current[key] = value;
      repaired = true;
    }
  }
  if (repaired) db.write();

  const rows = <T extends Row>(name: string): T[] => {
    const value = state()[name];
    if (!Array.isArray(value)) throw new Error(`Unknown collection "${name}"`);
    return value as T[];
  };

  const nextId = (name: string): number => rows(name).reduce((max, row) => Math.max(max, Number(row.id) || 0), 0) + 1;

  const collection = <T extends Row>(name: string): Collection<T> => ({
    all: () => structuredClone(rows<T>(name)),
    find: (id) => {
      const row = rows<T>(name).find((r) => r.id === id);
      return row && structuredClone(row);
    },
    findBy: (predicate) => {
      const row = rows<T>(name).find(predicate);
      return row && structuredClone(row);
    },
    filter: (predicate) => structuredClone(rows<T>(name).filter(predicate)),
    insert: (data) => {
      const row = { ...structuredClone(data), id: nextId(name) } as T;
      rows<T>(name).push(row);
      db.write();
      return structuredClone(row);
    },
    update: (id, patch) => {
      const row = rows<T>(name).find((r) => r.id === id);
      if (!row) return undefined;
      Object.assign(row, structuredClone(patch), { id: row.id });
      db.write();
      return structuredClone(row);
    },
    remove: (id) => {
      const list = rows<T>(name);
      const index = list.findIndex((r) => r.id === id);
      if (index < 0) return false;
      list.splice(index, 1);
      db.write();
      return true;
    },
  });

  return {
    db,
    file,
    state,
    collection,
    nextId,
    ensureCollection: (name) => {
      if (state()[name] === undefined) {
        state()[name] = [];
        db.write();
      }
    },
    meta: () => state().meta,
    write: () => {
      db.write();
    },
  };
};
