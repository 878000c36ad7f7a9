import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * The API keeps the whole database in memory and rewrites the file on every change, so a tool
 * that edits the file beside a running API (npm run create-admin) would see its change
 * overwritten. The API marks the file as in use with `<dbFile>.lock`; the tool refuses while the
 * mark names a live process.
 */

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

const lockFile = (dbFile: string): string => `${dbFile}.lock`;

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Marks the database as in use by this process; the returned function removes the mark (if still ours). */
export const holdDbLock = (dbFile: string): (() => void) => {
  const mine: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeFileSync(lockFile(dbFile), `${JSON.stringify(mine)}\n`);
  return () => {
    if (dbLockHolder(dbFile)?.pid === mine.pid) rmSync(lockFile(dbFile), { force: true });
  };
};

/**
 * Who holds the database, or null. A mark left by a process of this machine that is gone (a
 * crash) is stale and ignored; one from another machine or container cannot be checked, so it
 * counts as held and the message says how to clear it.
 */
export const dbLockHolder = (dbFile: string): LockHolder | null => {
  let holder: LockHolder;
  try {
    holder = JSON.parse(readFileSync(lockFile(dbFile), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
  if (holder.host === hostname() && !isAlive(holder.pid)) return null;
  return holder;
};

export const describeDbLock = (dbFile: string, holder: LockHolder): string =>
  `The API is using ${dbFile} (process ${holder.pid} on ${holder.host}, since ${holder.startedAt}). Stop it first; if it is not running, delete ${lockFile(dbFile)}.`;
