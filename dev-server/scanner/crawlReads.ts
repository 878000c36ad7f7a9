import type { SqlClient } from '../consent-log/sql';
import { CONSENT_STATES, type ConsentState, type RefusalReason, type RefusedRequest, type StateProgress } from '../../src/schemas/scanner';
import { isoColumn as iso, type CrawlCookie, type CrawlProgress } from './crawlStore';

/**
 * SCAN-7: what the API reads of the durable crawls (it never runs one): progress per consent
 * state, the position in the queue, results, refusals; and the cancel it asks for.
 */

interface SqlProgress {
  id: string;
  status: CrawlProgress['status'];
  failure: string | null;
  failure_detail: string | null;
  partial: boolean;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  queue_position: number | null;
}

export const readProgress = async (sql: SqlClient, ids: readonly string[]): Promise<Map<string, CrawlProgress>> => {
  const out = new Map<string, CrawlProgress>();
  if (ids.length === 0) return out;
  const list = JSON.stringify(ids);
  const crawls = await sql.query<SqlProgress>(
    `SELECT c.id::text AS id, c.status, c.failure, c.failure_detail, c.partial, ${iso('c.queued_at')} AS queued_at,
       ${iso('c.started_at')} AS started_at, ${iso('c.finished_at')} AS finished_at,
       CASE WHEN c.status = 'queued' THEN (SELECT count(*)::int FROM scan_crawls q WHERE q.status = 'queued' AND (q.queued_at, q.id) < (c.queued_at, c.id)) END AS queue_position
     FROM scan_crawls c WHERE c.id IN (SELECT (jsonb_array_elements_text($1::text::jsonb))::uuid)`,
    [list],
  );
  const frontier = await sql.query<{ id: string; state: ConsentState; planned: number; visited: number; failed: number; pending: number }>(
    `SELECT crawl_id::text AS id, state, count(*) FILTER (WHERE status NOT IN ('alias', 'unreached'))::int AS planned, count(*) FILTER (WHERE status = 'visited')::int AS visited,
       count(*) FILTER (WHERE status IN ('failed', 'refused'))::int AS failed, count(*) FILTER (WHERE status IN ('pending', 'visiting'))::int AS pending
     FROM scan_frontier WHERE crawl_id IN (SELECT (jsonb_array_elements_text($1::text::jsonb))::uuid) GROUP BY crawl_id, state`,
    [list],
  );
  const cookies = await sql.query<{ id: string; state: ConsentState; n: number }>(
    `SELECT crawl_id::text AS id, state, count(DISTINCT (name, domain))::int AS n FROM scan_cookies
     WHERE crawl_id IN (SELECT (jsonb_array_elements_text($1::text::jsonb))::uuid) GROUP BY crawl_id, state`,
    [list],
  );
  for (const c of crawls) {
    const states: Partial<Record<ConsentState, StateProgress>> = {};
    const pendingStates: ConsentState[] = [];
    for (const row of frontier.filter((f) => f.id === c.id)) {
      states[row.state] = { planned: row.planned, visited: row.visited, failed: row.failed, cookies: 0 };
      if (row.pending > 0) pendingStates.push(row.state);
    }
    for (const row of cookies.filter((k) => k.id === c.id)) {
      const state = (states[row.state] ??= { planned: 0, visited: 0, failed: 0, cookies: 0 });
      state.cookies = row.n;
    }
    out.set(c.id, {
      id: c.id,
      status: c.status,
      failure: c.failure,
      failureDetail: c.failure_detail,
      partial: c.partial,
      queuedAt: c.queued_at,
      startedAt: c.started_at,
      finishedAt: c.finished_at,
      queuePosition: c.queue_position,
      checking: c.status === 'running' ? (CONSENT_STATES.find((s) => pendingStates.includes(s)) ?? null) : null,
      states,
    });
  }
  return out;
};

export const readCookies = async (sql: SqlClient, crawlId: string): Promise<CrawlCookie[]> =>
  sql.query<CrawlCookie>(
    `SELECT state, name, domain, min(expiry_days) AS "expiryDays", ${iso('min(first_seen)')} AS "firstSeen", ${iso('max(last_seen)')} AS "lastSeen"
     FROM scan_cookies WHERE crawl_id = $1::text::uuid GROUP BY state, name, domain ORDER BY name, domain, state`,
    [crawlId],
  );

export const readRefused = async (sql: SqlClient, crawlId: string): Promise<RefusedRequest[]> =>
  (
    await sql.query<{ url: string; reason: RefusalReason; address: string | null }>(
      'SELECT url, reason, address FROM scan_refused WHERE crawl_id = $1::text::uuid ORDER BY url LIMIT 100',
      [crawlId],
    )
  ).map((r) => ({ url: r.url, reason: r.reason, address: r.address }));

export const readChecks = async (sql: SqlClient, crawlId: string): Promise<unknown> => {
  const [row] = await sql.query<{ checks: unknown }>('SELECT checks FROM scan_crawls WHERE id = $1::text::uuid', [crawlId]);
  const checks = row?.checks ?? null;
  return typeof checks === 'string' ? (JSON.parse(checks) as unknown) : checks;
};

/** A waiting crawl ends now; a running one is asked to stop (its worker ends it, keeping what it found). */
export const requestCancel = async (sql: SqlClient, crawlId: string): Promise<'cancelled' | 'stopping' | 'over'> => {
  const [queued] = await sql.query(
    `UPDATE scan_crawls SET status = 'failed', failure = 'cancelled', finished_at = now(), partial = false WHERE id = $1::text::uuid AND status = 'queued' RETURNING 1`,
    [crawlId],
  );
  if (queued) return 'cancelled';
  const [running] = await sql.query(`UPDATE scan_crawls SET cancel_requested = true WHERE id = $1::text::uuid AND status = 'running' RETURNING 1`, [crawlId]);
  return running ? 'stopping' : 'over';
};

export const activeWorkers = async (sql: SqlClient, withinMs: number): Promise<number> => {
  const [row] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM scan_workers WHERE heartbeat_at > now() - ($1::int * interval '1 millisecond')`,
    [withinMs],
  );
  return row?.n ?? 0;
};
