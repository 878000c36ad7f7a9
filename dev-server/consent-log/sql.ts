import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
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
  /** SCAN-2: where other processes reach this database (the embedded one only while it serves its socket). */
  readonly url: string | null;
  /** Several statements, no parameters; the last one's rows (the job queue's locked commands). */
  exec(text: string): Promise<unknown[]>;
  /** Commits when `work` resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Its package.json is not exported: read beside the entry point (dist/index.*).
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * A cluster kept in the temp folder under `name`, built once by `build` into a folder of this
 * process and renamed into place, so a reader never sees half of one; when another process made
 * it first, theirs is the same and this one is dropped.
 */
const keptCluster = async (name: string, build: (dataDir: string) => Promise<void>): Promise<string> => {
  const dir = join(tmpdir(), name);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await build(partial);
  try {
    renameSync(partial, dir);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
  return dir;
};

/**
 * A freshly initialised, empty cluster, made once per PGlite version and copied for each new
 * database. initdb straight onto disk takes 10-20 s on a busy machine (thousands of small synced
 * files); a copy takes about a second, and every test server opens its own database.
 */
const pristineCluster = (): Promise<string> =>
  keptCluster(`consent-log-pglite-${PGLITE_VERSION}`, async (dataDir) => {
    const scratch = await PGlite.create();
    const dump = await scratch.dumpDataDir('none');
    await scratch.close();
    const unpacked = await PGlite.create({ dataDir, loadDataDir: dump });
    await unpacked.close();
  });

/**
 * A cluster already migrated (`template.prepare`), made once per PGlite version and `template.key`
 * (the migrations' contents): a new database is then a copy, and its migrations find nothing left
 * to do (applying them took seconds a database on a busy machine).
 */
const templateCluster = (template: EmbeddedTemplate): Promise<string> =>
  keptCluster(`consent-log-pglite-${PGLITE_VERSION}-${template.key}`, async (dataDir) => {
    const sql = await openEmbedded(dataDir);
    try {
      await template.prepare(sql);
    } finally {
      await sql.close();
    }
  });

/**
 * PGlite's WebAssembly, compiled once per process and handed to each database's thread: a
 * process that opens several databases (a test file's servers) compiles it once.
 */
let compiled: Promise<WebAssembly.Module> | null = null;
const pgliteModule = (): Promise<WebAssembly.Module> =>
  (compiled ??= readFile(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  ));

export interface EmbeddedTemplate {
  /** Names the prepared cluster: a different preparation needs a different key. */
  key: string;
  prepare: (sql: SqlClient) => Promise<unknown>;
}

interface WorkerReply {
  id?: number;
  ready?: boolean;
  port?: number | null;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

/**
 * The embedded database: PGlite persisted in `dataDir` (created on first open), run in a worker
 * thread (pgliteWorker.mjs) so that its WebAssembly never blocks the API's requests. PGlite has
 * one session: statements go one at a time, and a transaction holds the queue until it ends.
 */
export const openEmbedded = async (dataDir: string, options: { servePort?: number; template?: EmbeddedTemplate } = {}): Promise<SqlClient> => {
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    cpSync(options.template ? await templateCluster(options.template) : await pristineCluster(), dataDir, { recursive: true });
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir, servePort: options.servePort, wasmModule: await pgliteModule() },
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failure: Error | null = null;
  let servedPort: number | null = null;
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.ready) {
        servedPort = reply.port ?? null;
        return resolve();
      }
      const call = reply.id === undefined ? undefined : pending.get(reply.id);
      if (!call || reply.id === undefined) return;
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if (reply.error) call.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else call.resolve(reply.rows ?? []);
    });
    worker.on('error', (error) => {
      failure = error;
      for (const call of pending.values()) call.reject(error);
      pending.clear();
      reject(error);
    });
  });
  // Pending statements keep the process up (ref while any), the idle thread does not.
  worker.unref();

  const call = (op: 'query' | 'script' | 'exec' | 'close', text = '', params: readonly unknown[] = []): Promise<unknown[]> => {
    if (failure) return Promise.reject(failure);
    const id = (next += 1);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, op, text, params: [...params] });
    });
  };
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const direct: SqlSession = {
    query: async <T extends object>(text: string, params: readonly unknown[] = []) => (await call('query', text, params)) as T[],
    script: async (text) => {
      await call('script', text);
    },
  };

  const terminate = () =>
    exclusive(async () => {
      await call('close');
      await worker.terminate();
    });
  const url = servedPort === null ? null : `postgres://postgres@127.0.0.1:${servedPort}/postgres`;

  return {
    backend: 'embedded',
    url,
    query: (text, params) => exclusive(() => direct.query(text, params)),
    script: (text) => exclusive(() => direct.script(text)),
    exec: (text) => exclusive(() => call('exec', text)),
    transaction: (work) =>
      exclusive(async () => {
        await direct.query('BEGIN');
        try {
          const result = await work(direct);
          await direct.query('COMMIT');
          return result;
        } catch (error) {
          await direct.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: terminate,
  };
};

/** Only these characters in a schema name, which is quoted into SQL. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

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
    url,
    exec: async (text) => {
      const results = (await sql.unsafe(text).simple()) as unknown as unknown[];
      const last: unknown = results.at(-1);
      return Array.isArray(last) ? [...(last as unknown[])] : [...results];
    },
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
