import { existsSync, readFileSync } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import type { LowdbAdapter } from 'lowdb';

/** Serialises a JSON value to a file via temp file + rename, so a crash never leaves half a file. */
export const writeJsonAtomic = (file: string, value: unknown): void => {
  writeFileAtomic.sync(file, `${JSON.stringify(value, null, 2)}\n`);
};

export const readJsonFile = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * lowdb v1 adapter replacing FileSync (which writes in place with writeFileSync). Reads once
 * at startup; every write replaces the file atomically.
 */
export class AtomicJsonFileAdapter implements LowdbAdapter {
  constructor(
    readonly source: string,
    private readonly defaultValue: unknown,
  ) {}

  read(): unknown {
    if (!existsSync(this.source)) {
      writeJsonAtomic(this.source, this.defaultValue);
      return this.defaultValue;
    }
    return readJsonFile(this.source);
  }

  write(data: unknown): void {
    writeJsonAtomic(this.source, data);
  }
}
