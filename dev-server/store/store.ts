import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import low, { type LowdbSync } from 'lowdb';
import { GroupCommit } from './groupCommit';
import { readJsonFile, removeStaleTempFiles, writeJsonAtomic } from './jsonFile';
import type { DbState, Meta, Row } from './types';

const emptyState = (): DbState => ({
  meta: { jwtSecret: randomBytes(48).toString('base64url'), seededAt: new Date(0).toISOString(), sequences: {} },
  accounts: [],
  users: [],
  passwordTokens: [],
});

/**
 * The one lowdb instance of the process. json-server's router and our own routes share it, and
 * every handler mutates it synchronously, so concurrent requests cannot lose each other's
 * writes. `write()` marks the state changed; the group commit persists it (see GroupCommit), and
 * `durableAnswers` holds each answer until the changes made while its request ran are on disk.
 */
export interface Store {
  readonly db: LowdbSync;
  readonly file: string;
  state(): DbState;
  /**
   * The live rows of a collection (created empty if missing). Handlers read and change them in
   * place and call `write()` once, all in one synchronous step, so no other request sees a
   * half-done change.
   */
  rows<T extends Row>(name: string): T[];
  /**
   * SEC-1: the next id of a collection, never given before: a persisted sequence per collection
   * (as databases have), so deleting the newest row never hands its id to the next one.
   */
  nextId(name: string): number;
  meta(): Meta;
  write(): void;
  /** Resolves once every write so far is on disk. */
  durable(): Promise<void>;
  /** Express middleware: answers to writes wait for the flush that holds their changes. */
  durableAnswers: RequestHandler;
  /** How many flushes reached the disk so far. */
  flushes(): number;
  /** Bumped by every write: an answer computed at one generation is valid until the next. */
  generation(): number;
  /** Waits for the last flush (shutdown). */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** How a flush reaches the disk (default: temp file, fsync, rename, fsync of the directory). */
  writeFile?: (file: string, text: string) => Promise<void>;
}

/** Methods whose answer acknowledges a change; reads never wait for the disk. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const openStore = (file: string, options: StoreOptions = {}): Store => {
  // A crash between a temp file's write and its rename leaves the temp file behind.
  removeStaleTempFiles(file);
  if (!existsSync(file)) writeJsonAtomic(file, emptyState());
  const loaded = readJsonFile(file) as DbState;
  const commit = new GroupCommit(file, () => JSON.stringify(state()), options.writeFile);
  // lowdb is only the shared handle json-server's router needs; persistence is the group commit.
  const db = low({ read: () => loaded, write: () => commit.changed() });
  const state = (): DbState => db.getState() as DbState;

  // A file written by an older seed may lack collections added since; fill them in.
  let repaired = false;
  for (const [key, value] of Object.entries(emptyState())) {
    if (loaded[key] === undefined) {
      loaded[key] = value;
      repaired = true;
    }
  }
  loaded.meta.sequences ??= {};
  if (repaired) commit.changed();

  const write = (): void => {
    commit.changed();
  };

  const rows = <T extends Row>(name: string): T[] => {
    const value = state()[name];
    if (value === undefined) {
      // Not a change worth a flush: an absent collection and an empty one read the same, and the
      // caller's own write() persists whatever it adds. A read must never make a write wait.
      const created: T[] = [];
      state()[name] = created;
      return created;
    }
    if (!Array.isArray(value)) throw new Error(`"${name}" is not a collection`);
    return value as T[];
  };

  const nextId = (name: string): number => {
    const sequences = state().meta.sequences;
    const highest = rows(name).reduce((max, row) => Math.max(max, Number(row.id) || 0), sequences[name] ?? 0);
    sequences[name] = highest + 1;
    return highest + 1;
  };

  const durableAnswers: RequestHandler = (req, res, next) => {
    // A read is answered at once, even while visitors' consent records are being flushed. A
    // write waits for a flush holding every change made while it ran (anyone's: over-waiting by
    // one flush is safe, answering before its own change is on disk is not).
    if (!WRITE_METHODS.has(req.method)) {
      next();
      return;
    }
    const startedAt = commit.generation;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      const generation = commit.generation;
      if (generation === startedAt || commit.isDurable(generation)) return end(...args);
      void commit.durable(generation).then(() => end(...args));
      return res;
    }) as typeof res.end;
    next();
  };

  return {
    db,
    file,
    state,
    rows,
    nextId,
    meta: () => state().meta,
    write,
    durable: () => commit.durable(),
    durableAnswers,
    flushes: () => commit.flushes,
    generation: () => commit.generation,
    close: () => commit.drain(),
  };
};
