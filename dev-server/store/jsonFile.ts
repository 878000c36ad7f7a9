import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** Serialises a JSON value to a file via temp file + rename, so a crash never leaves half a file. */
export const writeJsonAtomic = (file: string, value: unknown): void => {
  writeFileAtomic.sync(file, `${JSON.stringify(value)}\n`);
};

export const readJsonFile = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

const TEMP_MARK = '.tmp-';
let temps = 0;

/** The directory entry of a rename is durable only once the directory itself is synced. */
const syncDirectory = (dir: string): void => {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/**
 * Writes `text` to `file` durably: a temp file beside it, fsync, rename over the file, fsync of
 * the directory. A reader (or a restart after a crash) sees the old file or the new one whole.
 */
export const writeFileDurably = async (file: string, text: string): Promise<void> => {
  temps += 1;
  const temp = `${file}${TEMP_MARK}${process.pid}-${temps}`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  syncDirectory(dirname(file));
};

/**
 * Removes the temp files a crash left beside `file`: ours (`<file>.tmp-<pid>-<n>`) and
 * write-file-atomic's (`<file>.<8 hex digits>`). Called at start, before anyone writes.
 */
export const removeStaleTempFiles = (file: string): string[] => {
  const dir = dirname(file);
  const name = basename(file);
  if (!existsSync(dir)) return [];
  const stale = readdirSync(dir).filter(
    (entry) => entry.startsWith(`${name}${TEMP_MARK}`) || new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{8}$`).test(entry),
  );
  for (const entry of stale) rmSync(join(dir, entry), { force: true });
  return stale;
};
