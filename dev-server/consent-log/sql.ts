import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

/**
 * LOG-1: the one SQL surface both backends offer: statements, transactions, and
 * parameterless scripts (migrations). Callers format timestamps and cast numbers in SQL, so
 * PGlite's and postgres.js's type parsers never disagree (int8 is a string in one of them).
 */
export interface SqlSession {
  query<T extends object>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements, no parameters (a migration file). */
  script(text: string): Promise<void>;
}

export interface SqlClient extends SqlSession {
  readonly backend: 'embedded' | 'postgres';
  /** Commits when `work` resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Its package.json is not exported: read beside the entry point (dist/index.*).
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * A freshly initialised, empty cluster, made once per PGlite version in the temp folder and
 * copied for each new database. initdb straight onto disk takes 10-20 s on a busy machine
 * (thousands of small synced files); a copy takes about a second, and every test server opens
 * its own database.
 */
const pristineCluster = async (): Promise<string> => {
  const dir = join(tmpdir(), `consent-log-pglite-${PGLITE_VERSION}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const scratch = await PGlite.create();
  const dump = await scratch.dumpDataDir('none');
  await scratch.close();
  const partial = `${dir}.${process.pid}.partial`;
  const unpacked = await PGlite.create({ dataDir: partial, loadDataDir: dump });
  await unpacked.close();
  try {
    renameSync(partial, dir);
  } catch {
    // Another process made it first: theirs is the same.
    rmSync(partial, { recursive: true, force: true });
  }
  return dir;
};

/** The embedded database: PGlite persisted in `dataDir` (created on first open). */
export const openEmbedded = async (dataDir: string): Promise<SqlClient> => {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) cpSync(await pristineCluster(), dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  return {
    backend: 'embedded',
    query: async <T extends object>(text: string, params: readonly unknown[] = []) => (await db.query<T>(text, [...params])).rows,
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async <T extends object>(text: string, params: readonly unknown[] = []) => (await tx.query<T>(text, [...params])).rows,
          script: async (text) => {
            await tx.exec(text);
          },
        }),
      ),
    script: async (text) => {
      await db.exec(text);
    },
    close: () => db.close(),
  };
};

/** Only these characters in a schema name, which is quoted into SQL. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Any PostgreSQL server (`DATABASE_URL`), through postgres.js's pool. `schema` puts the tables
 * in their own schema (created when missing): each test server gets a fresh one.
 */
export const openServer = async (url: string, schema?: string): Promise<SqlClient> => {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid consent-log schema name "${schema}"`);
  if (schema !== undefined) {
    const admin = postgres(url, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  const sql = postgres(url, {
    max: 10,
    onnotice: () => undefined,
    ...(schema === undefined ? {} : { connection: { search_path: schema } }),
  });
  // postgres.js types its parameters loosely; ours are plain JSON values.
  const values = (params: readonly unknown[]) => params as postgres.ParameterOrJSON<never>[];
  return {
    backend: 'postgres',
    query: async <T extends object>(text: string, params: readonly unknown[] = []) => [...(await sql.unsafe(text, values(params)))] as T[],
    transaction: async <T>(work: (tx: SqlSession) => Promise<T>) =>
      (await sql.begin((tx) =>
        work({
          query: async <R extends object>(text: string, params: readonly unknown[] = []) => [...(await tx.unsafe(text, values(params)))] as R[],
          script: async (text) => {
            await tx.unsafe(text).simple();
          },
        }),
      )) as T,
    script: async (text) => {
      await sql.unsafe(text).simple();
    },
    close: () => sql.end({ timeout: 5 }),
  };
};
