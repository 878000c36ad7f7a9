import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SqlClient } from './sql';

/**
 * LOG-1: versioned migrations, `migrations/NNN_name.sql`, each run once, in order, in its own
 * transaction with its version recorded. On a server several API processes may start at once:
 * a transaction-scoped advisory lock lets one migrate while the others wait, then skip.
 */

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;
/** Any constant: the lock's key, shared by every process migrating this database. */
const LOCK_KEY = 72_015_001;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations = (): Migration[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((name) => FILE.test(name))
    .sort()
    .map((name) => ({ version: Number(name.slice(0, 3)), name, sql: readFileSync(`${MIGRATIONS_DIR}${name}`, 'utf8') }));

/** Applies the missing migrations; the versions it applied (empty when up to date). */
export const migrate = async (sql: SqlClient): Promise<number[]> => {
  await sql.script(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: number[] = [];
  for (const migration of migrations()) {
    const ran = await sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      const done = await tx.query('SELECT version FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.script(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
};
