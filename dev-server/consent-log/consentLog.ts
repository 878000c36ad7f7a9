import { createHash } from 'node:crypto';
import type { RecordRegionRule } from '../../src/schemas/consentRecord';
import type { ConsentRecordRow, RecordAction } from './consentRecord';
import { createBatchWriter } from './batchWriter';
import { migrate, migrations } from './migrate';
import { openEmbedded, openServer, type SqlClient } from './sql';

/**
 * LOG-1..LOG-4: the consent log. Records, their daily roll-ups and each account's retention
 * live in PostgreSQL (embedded PGlite by default, any server with DATABASE_URL); the JSON store
 * keeps only the admin's settings. Every method below is one or a few indexed statements:
 * nothing scans the records in JavaScript.
 */

export const DEFAULT_RETENTION_DAYS = 1826;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3660;
const EXPORT_PAGE = 5000;
const PURGE_CHUNK = 5000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ListQuery {
  accountId: number;
  consentSolutionId?: number;
  /** Part of the record id, the anonymous id or the domain. */
  q?: string;
  limit: number;
  offset: number;
}

export interface ExportQuery {
  accountId: number;
  consentSolutionId: number | null;
  /** Received at or after (inclusive), before (exclusive); ISO instants. */
  from: string;
  to: string;
}

export interface DailyFigures {
  day: string;
  counts: Record<RecordAction, number>;
  /** STD-3: decisions made under the browser's Global Privacy Control signal. */
  underGpc: number;
  /** Decisions accepting each category. */
  accepted: Record<'necessary' | 'functional' | 'statistics' | 'marketing', number>;
}

export interface SharedDecision {
  categories: string[];
  decidedAt: string;
  consentSolutionId: number;
}

export interface ConsentLog {
  /** Opens (and on first use creates, migrates and seeds) the database; every method awaits it. */
  ready(): Promise<void>;
  backend(): 'embedded' | 'postgres';
  /** LOG-2: resolves once the record is committed (batched with the ones arriving meanwhile). */
  append(row: ConsentRecordRow): Promise<void>;
  /** LOG-2: ingest transactions committed and the records they held. */
  ingestStats(): { batches: number; rows: number };
  /** Many rows in one transaction (imports, seeding); rows already there are skipped. */
  appendMany(rows: readonly ConsentRecordRow[]): Promise<void>;
  find(accountId: number, id: string): Promise<ConsentRecordRow | null>;
  list(query: ListQuery): Promise<{ total: number; rows: ConsentRecordRow[] }>;
  /** The newest decision of `anonymousId` on one of `solutionIds` made at or after `since`. */
  sharedDecision(solutionIds: readonly number[], anonymousId: string, since: string): Promise<SharedDecision | null>;
  /** LOG-3: the roll-ups of the days in [from, to] that have decisions (`YYYY-MM-DD`). */
  daily(accountId: number, consentSolutionId: number | null, from: string, to: string): Promise<DailyFigures[]>;
  /** PROMISE-5: whether a banner of this solution sent a decision (its script is installed). */
  hasRecords(consentSolutionId: number): Promise<boolean>;
  /** LOG-3: the matching records oldest first, a page at a time (keyset: constant memory). */
  pages(query: ExportQuery): AsyncGenerator<ConsentRecordRow[]>;
  retentionDays(accountId: number): Promise<number>;
  setRetentionDays(accountId: number, days: number): Promise<void>;
  /** LOG-4: deletes each account's records received before its retention; how many went. */
  purgeExpired(now: Date): Promise<number>;
  /** The records and figures of a deleted solution go with it. */
  forgetSolution(consentSolutionId: number): Promise<void>;
  /** SCAN-1 / SCAN-2: the same database, opened and migrated, for the scanner's queue and crawls. */
  database(): Promise<SqlClient>;
  close(): Promise<void>;
}

export interface ConsentLogOptions {
  /** The embedded database's folder (unused with `databaseUrl`). */
  dataDir: string;
  databaseUrl?: string;
  /** With `databaseUrl`: the schema holding the tables (default: the server's search_path). */
  schema?: string;
  /** SCAN-2: serve the embedded database on this loopback port (0: any free one) for scanner workers in other processes. */
  servePort?: number;
  /**
   * Records kept elsewhere before (the JSON store's `consentRecords`: the seeded demo history,
   * or an older database), moved in once the log is open; `moved` is called after their commit.
   */
  importFrom?: { rows: () => readonly ConsentRecordRow[]; moved: () => void };
}

// String parameters are cast through text: postgres.js would otherwise serialise them by the
// type the server infers (a JSON string for jsonb, a Date for timestamptz, which '-infinity' is not).
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `id::text AS id, account_id::text AS account_id, consent_solution_id::text AS consent_solution_id, anonymous_id, action,
  categories, consent_version, ${iso('decided_at')} AS decided_at, ${iso('received_at')} AS received_at, domain, language, gpc, region_rule, tc_string,
  is_change, replaces::text AS replaces, gpp_string, gpp_sid, ac_string`;

interface SqlRecord {
  id: string;
  account_id: string;
  consent_solution_id: string;
  anonymous_id: string;
  action: RecordAction;
  categories: string[];
  consent_version: number;
  decided_at: string;
  received_at: string;
  domain: string;
  language: string | null;
  gpc: boolean;
  region_rule: RecordRegionRule;
  tc_string: string | null;
  is_change: boolean;
  replaces: string | null;
  gpp_string: string | null;
  gpp_sid: number[] | null;
  ac_string: string | null;
}

const toRow = (r: SqlRecord): ConsentRecordRow => ({
  id: r.id,
  accountId: Number(r.account_id),
  consentSolutionId: Number(r.consent_solution_id),
  anonymousId: r.anonymous_id,
  action: r.action,
  categories: r.categories,
  consentVersion: r.consent_version,
  decidedAt: r.decided_at,
  receivedAt: r.received_at,
  domain: r.domain,
  language: r.language,
  gpc: r.gpc,
  regionRule: r.region_rule,
  tcString: r.tc_string,
  change: r.is_change,
  replaces: r.replaces,
  gppString: r.gpp_string,
  gppSid: r.gpp_sid,
  acString: r.ac_string,
});

const toJson = (rows: readonly ConsentRecordRow[]): string =>
  JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      account_id: r.accountId,
      consent_solution_id: r.consentSolutionId,
      anonymous_id: r.anonymousId,
      action: r.action,
      categories: r.categories,
      consent_version: r.consentVersion,
      decided_at: r.decidedAt,
      received_at: r.receivedAt,
      domain: r.domain,
      language: r.language,
      gpc: r.gpc === true,
      region_rule: r.regionRule ?? 'opt-in',
      tc_string: r.tcString ?? null,
      is_change: r.change === true,
      replaces: r.replaces ?? null,
      gpp_string: r.gppString ?? null,
      gpp_sid: r.gppSid ?? null,
      ac_string: r.acString ?? null,
    })),
  );

/** One statement: the rows, and their counts folded into the daily roll-ups (same transaction). */
const INSERT_BATCH = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS r(id uuid, account_id bigint, consent_solution_id bigint, anonymous_id text, action text,
    categories text[], consent_version integer, decided_at timestamptz, received_at timestamptz, domain text, language text,
    gpc boolean, region_rule text, tc_string text, is_change boolean, replaces uuid, gpp_string text, gpp_sid integer[], ac_string text)
), inserted AS (
  INSERT INTO consent_records (id, account_id, consent_solution_id, anonymous_id, action, categories, consent_version, decided_at, received_at, domain, language,
    gpc, region_rule, tc_string, is_change, replaces, gpp_string, gpp_sid, ac_string)
  SELECT id, account_id, consent_solution_id, anonymous_id, action, categories, consent_version, decided_at, received_at, domain, language,
    gpc, region_rule, tc_string, is_change, replaces, gpp_string, gpp_sid, ac_string FROM input
  ON CONFLICT DO NOTHING
  RETURNING consent_solution_id, account_id, decided_at, action, categories, gpc
)
INSERT INTO consent_daily AS d (consent_solution_id, day, account_id, accept, decline, save, shared, opt_out, gpc, under_gpc,
  necessary, functional, statistics, marketing)
SELECT consent_solution_id, (decided_at AT TIME ZONE 'UTC')::date, min(account_id),
  count(*) FILTER (WHERE action = 'accept'), count(*) FILTER (WHERE action = 'decline'),
  count(*) FILTER (WHERE action = 'save'), count(*) FILTER (WHERE action = 'shared'),
  count(*) FILTER (WHERE action = 'opt-out'), count(*) FILTER (WHERE action = 'gpc'), count(*) FILTER (WHERE gpc),
  count(*) FILTER (WHERE 'necessary' = ANY (categories)), count(*) FILTER (WHERE 'functional' = ANY (categories)),
  count(*) FILTER (WHERE 'statistics' = ANY (categories)), count(*) FILTER (WHERE 'marketing' = ANY (categories))
FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (consent_solution_id, day) DO UPDATE SET
  accept = d.accept + excluded.accept, decline = d.decline + excluded.decline, save = d.save + excluded.save, shared = d.shared + excluded.shared,
  opt_out = d.opt_out + excluded.opt_out, gpc = d.gpc + excluded.gpc, under_gpc = d.under_gpc + excluded.under_gpc,
  necessary = d.necessary + excluded.necessary, functional = d.functional + excluded.functional,
  statistics = d.statistics + excluded.statistics, marketing = d.marketing + excluded.marketing`;

/** A LIKE pattern matching `needle` anywhere, its wildcards taken literally. */
const containing = (needle: string): string => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A new embedded database starts as a copy of one already migrated (sql.ts), named by the migrations it holds. */
const MIGRATED = {
  key: createHash('sha256')
    .update(
      migrations()
        .map((m) => `${m.name}\u0000${m.sql}`)
        .join('\u0000'),
    )
    .digest('hex')
    .slice(0, 16),
  prepare: migrate,
};

const openSql = (options: ConsentLogOptions): Promise<SqlClient> =>
  options.databaseUrl ? openServer(options.databaseUrl, options.schema) : openEmbedded(options.dataDir, { servePort: options.servePort, template: MIGRATED });

export const createConsentLog = (options: ConsentLogOptions): ConsentLog => {
  let opening: Promise<SqlClient> | null = null;
  let client: SqlClient | null = null;
  // After close() only ready() opens again: a late request must not open a second instance
  // of an embedded database someone else may hold by then.
  let closed = false;

  const insert = async (sql: SqlClient, rows: readonly ConsentRecordRow[]): Promise<void> => {
    if (rows.length === 0) return;
    await sql.transaction((tx) => tx.query(INSERT_BATCH, [toJson(rows)]));
  };

  const open = async (): Promise<SqlClient> => {
    const sql = await openSql(options);
    await migrate(sql);
    if (options.importFrom) {
      const rows = options.importFrom.rows().filter((r) => UUID.test(String(r.id)));
      for (let i = 0; i < rows.length; i += EXPORT_PAGE) await insert(sql, rows.slice(i, i + EXPORT_PAGE));
      options.importFrom.moved();
    }
    client = sql;
    return sql;
  };
  const db = (): Promise<SqlClient> => {
    if (closed) return Promise.reject(new Error('The consent log is closed'));
    return client ? Promise.resolve(client) : (opening ??= open());
  };

  const writer = createBatchWriter<ConsentRecordRow>(async (rows) => insert(await db(), rows));

  const log: ConsentLog = {
    ready: async () => {
      closed = false;
      await db();
    },
    backend: () => (options.databaseUrl ? 'postgres' : 'embedded'),
    append: (row) => writer.append(row),
    ingestStats: () => writer.stats(),
    appendMany: async (rows) => insert(await db(), rows),

    find: async (accountId, id) => {
      if (!UUID.test(id)) return null;
      const [row] = await (
        await db()
      ).query<SqlRecord>(`SELECT ${COLUMNS} FROM consent_records WHERE id = $1::text::uuid AND account_id = $2`, [id, accountId]);
      return row ? toRow(row) : null;
    },

    list: async ({ accountId, consentSolutionId, q, limit, offset }) => {
      const sql = await db();
      const params: unknown[] = [accountId];
      let where = 'account_id = $1';
      if (consentSolutionId !== undefined) {
        params.push(consentSolutionId);
        where += ` AND consent_solution_id = $${params.length}`;
      }
      const needle = q?.trim().toLowerCase() ?? '';
      if (needle !== '') {
        params.push(containing(needle));
        const p = `$${params.length}`;
        where += ` AND (id::text LIKE ${p} OR lower(anonymous_id) LIKE ${p} OR domain LIKE ${p})`;
      }
      const [count] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM consent_records WHERE ${where}`, params);
      const rows = await sql.query<SqlRecord>(
        `SELECT ${COLUMNS} FROM consent_records WHERE ${where} ORDER BY received_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      );
      return { total: count?.n ?? 0, rows: rows.map(toRow) };
    },

    sharedDecision: async (solutionIds, anonymousId, since) => {
      if (solutionIds.length === 0) return null;
      const [row] = await (
        await db()
      ).query<{ categories: string[]; decided_at: string; consent_solution_id: string }>(
        `SELECT categories, ${iso('decided_at')} AS decided_at, consent_solution_id::text AS consent_solution_id FROM consent_records
         WHERE anonymous_id = $1 AND consent_solution_id = ANY ($2::text::bigint[]) AND decided_at >= $3::text::timestamptz
         ORDER BY decided_at DESC LIMIT 1`,
        [anonymousId, `{${solutionIds.map((id) => Math.trunc(id)).join(',')}}`, since],
      );
      return row ? { categories: row.categories, decidedAt: row.decided_at, consentSolutionId: Number(row.consent_solution_id) } : null;
    },

    daily: async (accountId, consentSolutionId, from, to) => {
      const rows = await (
        await db()
      ).query<Record<string, number> & { day: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(accept)::int AS accept, sum(decline)::int AS decline, sum(save)::int AS save,
           sum(shared)::int AS shared, sum(opt_out)::int AS opt_out, sum(gpc)::int AS gpc, sum(under_gpc)::int AS under_gpc,
           sum(necessary)::int AS necessary, sum(functional)::int AS functional,
           sum(statistics)::int AS statistics, sum(marketing)::int AS marketing
         FROM consent_daily WHERE account_id = $1 AND ($2::bigint IS NULL OR consent_solution_id = $2::bigint) AND day BETWEEN $3::text::date AND $4::text::date
         GROUP BY day ORDER BY day`,
        [accountId, consentSolutionId, from, to],
      );
      return rows.map((r) => ({
        day: r.day,
        counts: { accept: r.accept ?? 0, decline: r.decline ?? 0, save: r.save ?? 0, shared: r.shared ?? 0, 'opt-out': r.opt_out ?? 0, gpc: r.gpc ?? 0 },
        underGpc: r.under_gpc ?? 0,
        accepted: { necessary: r.necessary ?? 0, functional: r.functional ?? 0, statistics: r.statistics ?? 0, marketing: r.marketing ?? 0 },
      }));
    },

    hasRecords: async (consentSolutionId) =>
      (await (await db()).query('SELECT 1 FROM consent_records WHERE consent_solution_id = $1 LIMIT 1', [consentSolutionId])).length > 0,

    pages: async function* ({ accountId, consentSolutionId, from, to }) {
      const sql = await db();
      const bySolution = consentSolutionId === null ? '' : 'AND consent_solution_id = $7';
      let after = { at: '-infinity', id: '00000000-0000-0000-0000-000000000000' };
      for (;;) {
        // One JSON text per page: PGlite's and postgres.js's per-value parsing, not the query,
        // would otherwise bound the export's rows per second.
        const [result] = await sql.query<{ page: string | null }>(
          `SELECT json_agg(json_build_array(id, account_id, consent_solution_id, anonymous_id, action, categories, consent_version,
             ${iso('decided_at')}, ${iso('received_at')}, domain, language, gpc, region_rule, tc_string, is_change, replaces, gpp_string, gpp_sid, ac_string)
             ORDER BY received_at, id)::text AS page
           FROM (SELECT * FROM consent_records
             WHERE account_id = $1 AND received_at >= $2::text::timestamptz AND received_at < $3::text::timestamptz
               AND (received_at, id) > ($4::text::timestamptz, $5::text::uuid) ${bySolution}
             ORDER BY received_at, id LIMIT $6) AS page`,
          [accountId, from, to, after.at, after.id, EXPORT_PAGE, ...(consentSolutionId === null ? [] : [consentSolutionId])],
        );
        const rows = (JSON.parse(result?.page ?? '[]') as unknown[][]).map(
          ([
            id,
            account,
            solution,
            anonymousId,
            action,
            categories,
            version,
            decidedAt,
            receivedAt,
            domain,
            language,
            gpc,
            regionRule,
            tcString,
            change,
            replaces,
            gppString,
            gppSid,
            acString,
          ]): ConsentRecordRow => ({
            id: String(id),
            accountId: Number(account),
            consentSolutionId: Number(solution),
            anonymousId: String(anonymousId),
            action: action as RecordAction,
            categories: categories as string[],
            consentVersion: Number(version),
            decidedAt: String(decidedAt),
            receivedAt: String(receivedAt),
            domain: String(domain),
            language: language === null ? null : String(language),
            gpc: gpc === true,
            regionRule: regionRule as RecordRegionRule,
            tcString: tcString === null ? null : String(tcString),
            change: change === true,
            replaces: replaces === null ? null : String(replaces),
            gppString: gppString === null ? null : String(gppString),
            gppSid: gppSid === null ? null : (gppSid as number[]).map(Number),
            acString: acString === null ? null : String(acString),
          }),
        );
        if (rows.length === 0) return;
        yield rows;
        const last = rows[rows.length - 1];
        if (!last || rows.length < EXPORT_PAGE) return;
        after = { at: last.receivedAt, id: last.id };
      }
    },

    retentionDays: async (accountId) => {
      const [row] = await (await db()).query<{ days: number }>('SELECT days FROM consent_retention WHERE account_id = $1', [accountId]);
      return row?.days ?? DEFAULT_RETENTION_DAYS;
    },
    setRetentionDays: async (accountId, days) => {
      await (
        await db()
      ).query('INSERT INTO consent_retention (account_id, days) VALUES ($1, $2) ON CONFLICT (account_id) DO UPDATE SET days = excluded.days', [
        accountId,
        days,
      ]);
    },

    purgeExpired: async (now) => {
      const sql = await db();
      // The accounts with figures are the accounts that ever had records (a small table).
      const accounts = await sql.query<{ account_id: string; days: number | null }>(
        `SELECT a.account_id::text AS account_id, r.days FROM (SELECT DISTINCT account_id FROM consent_daily) a
         LEFT JOIN consent_retention r ON r.account_id = a.account_id`,
      );
      let removed = 0;
      for (const account of accounts) {
        const cutoff = new Date(now.getTime() - (account.days ?? DEFAULT_RETENTION_DAYS) * 86_400_000).toISOString();
        // In chunks: a long-kept account's first purge must not hold one huge transaction.
        for (;;) {
          const gone = await sql.query(
            `DELETE FROM consent_records WHERE (consent_solution_id, received_at, id) IN (
               SELECT consent_solution_id, received_at, id FROM consent_records WHERE account_id = $1 AND received_at < $2::text::timestamptz LIMIT ${PURGE_CHUNK})
             RETURNING 1`,
            [Number(account.account_id), cutoff],
          );
          removed += gone.length;
          if (gone.length < PURGE_CHUNK) break;
        }
      }
      return removed;
    },

    forgetSolution: async (consentSolutionId) => {
      await writer.idle();
      await (
        await db()
      ).transaction(async (tx) => {
        await tx.query('DELETE FROM consent_records WHERE consent_solution_id = $1', [consentSolutionId]);
        await tx.query('DELETE FROM consent_daily WHERE consent_solution_id = $1', [consentSolutionId]);
      });
    },

    database: () => db(),

    close: async () => {
      await writer.idle();
      closed = true;
      const sql = client ?? (opening ? await opening.catch(() => null) : null);
      client = null;
      opening = null;
      await sql?.close();
    },
  };
  return log;
};
