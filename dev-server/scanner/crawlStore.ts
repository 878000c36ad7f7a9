import type { SqlClient, SqlSession } from '../consent-log/sql';
import type { ConsentState, StateProgress } from '../../src/schemas/scanner';
import { evidenceRecord } from './crawlEvidence';
import type { Refusal } from './guardProxy';
import type { PageEvidence } from './types';

/**
 * SCAN-1: the durable crawl in PostgreSQL (migration 010): its frontier of page x consent
 * state, its cookies and refusals, written as the crawl goes. Workers claim frontier rows with
 * SKIP LOCKED, so any number of them share a crawl; a visit's evidence, its newly discovered
 * pages and the row's "visited" commit together, so a crash loses at most the pages in flight.
 * Parameters are passed as text and cast in SQL, as in the consent log (both drivers agree).
 */

export interface CrawlPlan {
  kind: 'scan' | 'health';
  startUrl: string;
  canonicalDomain: string;
  consentSolutionId: number;
  consentVersion: number;
  /** Pages checked in "reject" and "with GPC" (the first ones discovered). */
  sampleSize: number;
  timeLimitMs: number;
}

export interface CrawlRow {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  plan: CrawlPlan;
  pageBudget: number;
  discovered: boolean;
  robotsTxt: string | null;
  crawlDelayMs: number;
  deadlineMs: number | null;
  cancelRequested: boolean;
}

export interface Claim {
  url: string;
  state: ConsentState;
  seq: number;
}

export interface CrawlProgress {
  id: string;
  status: CrawlRow['status'];
  failure: string | null;
  failureDetail: string | null;
  partial: boolean;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  queuePosition: number | null;
  checking: ConsentState | null;
  states: Partial<Record<ConsentState, StateProgress>>;
}

export interface CrawlCookie {
  state: ConsentState;
  name: string;
  domain: string;
  expiryDays: number | null;
  firstSeen: string;
  lastSeen: string;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const createCrawl = async (sql: SqlClient, id: string, plan: CrawlPlan, pageBudget: number): Promise<void> => {
  await sql.query(`INSERT INTO scan_crawls (id, kind, plan, page_budget) VALUES ($1::text::uuid, $2, $3::text::jsonb, $4::int)`, [
    id,
    plan.kind,
    JSON.stringify(plan),
    pageBudget,
  ]);
};

interface SqlCrawl {
  id: string;
  status: CrawlRow['status'];
  plan: CrawlPlan | string;
  page_budget: number;
  discovered: boolean;
  robots_txt: string | null;
  crawl_delay_ms: number;
  deadline_ms: number | null;
  cancel_requested: boolean;
}
const CRAWL_COLUMNS = `id::text AS id, status, plan, page_budget, discovered, robots_txt, crawl_delay_ms,
  (extract(epoch FROM deadline_at) * 1000)::float8 AS deadline_ms, cancel_requested`;
const toCrawl = (r: SqlCrawl): CrawlRow => ({
  id: r.id,
  status: r.status,
  plan: typeof r.plan === 'string' ? (JSON.parse(r.plan) as CrawlPlan) : r.plan,
  pageBudget: r.page_budget,
  discovered: r.discovered,
  robotsTxt: r.robots_txt,
  crawlDelayMs: r.crawl_delay_ms,
  deadlineMs: r.deadline_ms,
  cancelRequested: r.cancel_requested,
});

/** Marks the crawl running (its deadline set on the first start only); null once it is over. */
export const startCrawl = async (sql: SqlClient, id: string): Promise<CrawlRow | null> => {
  const [row] = await sql.query<SqlCrawl>(
    `UPDATE scan_crawls SET status = 'running', started_at = coalesce(started_at, now()),
       deadline_at = coalesce(deadline_at, now() + ((plan->>'timeLimitMs')::float8 * interval '1 millisecond')), heartbeat_at = now()
     WHERE id = $1::text::uuid AND status IN ('queued', 'running') RETURNING ${CRAWL_COLUMNS}`,
    [id],
  );
  return row ? toCrawl(row) : null;
};

export const readCrawl = async (sql: SqlSession, id: string): Promise<CrawlRow | null> => {
  const [row] = await sql.query<SqlCrawl>(`SELECT ${CRAWL_COLUMNS} FROM scan_crawls WHERE id = $1::text::uuid`, [id]);
  return row ? toCrawl(row) : null;
};

/**
 * Adds the pages not in the frontier yet, in order, while the page budget lasts (the first
 * `sampleSize` also after "reject" and with GPC); `aliases` are URLs a visited page redirected from
 * or to (the same page: never visited again). scan_add_pages (migration 013) in the caller's
 * transaction; the crawl's row lock orders concurrent discoveries.
 */
export const addPages = async (
  tx: SqlSession,
  crawl: Pick<CrawlRow, 'id' | 'plan' | 'pageBudget'>,
  urls: readonly string[],
  aliases: readonly string[] = [],
): Promise<number> => {
  const [row] = await tx.query<{ added: number }>('SELECT scan_add_pages($1::text::uuid, $2, $3::int, $4::int, $5::text::jsonb, $6::text::jsonb) AS added', [
    crawl.id,
    crawl.plan.kind,
    crawl.plan.sampleSize,
    crawl.pageBudget,
    JSON.stringify(urls),
    JSON.stringify(aliases),
  ]);
  return row?.added ?? 0;
};

/** The first discovery (start page, sitemaps), once per crawl whoever does it. */
export const saveDiscovery = async (
  sql: SqlClient,
  crawl: CrawlRow,
  robotsTxt: string | null,
  crawlDelayMs: number,
  urls: readonly string[],
): Promise<void> => {
  await sql.transaction(async (tx) => {
    const [row] = await tx.query<{ discovered: boolean }>('SELECT discovered FROM scan_crawls WHERE id = $1::text::uuid FOR UPDATE', [crawl.id]);
    if (!row || row.discovered) return;
    await addPages(tx, crawl, urls);
    await tx.query('UPDATE scan_crawls SET discovered = true, robots_txt = $2, crawl_delay_ms = $3::int WHERE id = $1::text::uuid', [
      crawl.id,
      robotsTxt,
      crawlDelayMs,
    ]);
  });
};

/**
 * SCAN-3 / SCAN-4: whether the page discovered `seq`-th is accepted on the page right after its
 * visit before consent (one load for both states), rather than loaded again with the consent
 * replayed. The sample (the pages also checked after "reject" and with GPC) is loaded again, so a
 * site that answers the consent cookie differently on the server is still seen doing so.
 */
export const acceptedOnPage = (plan: Pick<CrawlPlan, 'kind' | 'sampleSize'>, seq: number): boolean => plan.kind === 'scan' && seq >= plan.sampleSize;

/**
 * Up to `n` pending rows for `worker`, in discovery order, a page's states together (lowest rank
 * first): the sample's other states are loaded among the first pages, beside the others, rather
 * than alone at the crawl's end (where they cost a depth-500 crawl about a tenth of its time); only
 * pages before consent while `beforeOnly` (the start page has not answered yet). A page accepted on the
 * page (acceptedOnPage) has its "accept" row claimed only once its visit before consent ended
 * without deciding it (a failed load, a banner that stored nothing): else that visit records it.
 */
export const claim = async (
  sql: SqlClient,
  crawlId: string,
  worker: string,
  n: number,
  plan: Pick<CrawlPlan, 'kind' | 'sampleSize'>,
  beforeOnly = false,
): Promise<Claim[]> =>
  sql.query<Claim>(
    `UPDATE scan_frontier f SET status = 'visiting', worker = $2, attempts = f.attempts + 1, claimed_at = now()
     FROM (SELECT p.url, p.state FROM scan_frontier p
           WHERE p.crawl_id = $1::text::uuid AND p.status = 'pending' AND (NOT $4::boolean OR p.state = 'before')
             AND NOT (p.state = 'accept' AND $5::boolean AND p.seq >= $6::int AND EXISTS (
               SELECT 1 FROM scan_frontier b WHERE b.crawl_id = p.crawl_id AND b.url = p.url AND b.state = 'before' AND b.status IN ('pending', 'visiting')))
           ORDER BY p.seq, p.state_rank LIMIT $3::int FOR UPDATE SKIP LOCKED) AS next
     WHERE f.crawl_id = $1::text::uuid AND f.url = next.url AND f.state = next.state
     RETURNING f.url, f.state, f.seq`,
    [crawlId, worker, n, beforeOnly, plan.kind === 'scan', plan.sampleSize],
  );

/**
 * SCAN-4: the crawl could not reach `state` (no banner of ours answered): that is recorded as
 * its outcome, and its pages, those planned and those found later, are not visited. False when
 * another worker reached the state first (its outcome stands, and the pages are visited).
 */
export const markUnreached = async (sql: SqlClient, crawlId: string, state: ConsentState, detail: string | null): Promise<boolean> =>
  sql.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO scan_state_outcomes (crawl_id, state, reached_by, detail) VALUES ($1::text::uuid, $2, 'unreached', $3) ON CONFLICT DO NOTHING`,
      [crawlId, state, detail],
    );
    const [outcome] = await tx.query<{ reached_by: string }>('SELECT reached_by FROM scan_state_outcomes WHERE crawl_id = $1::text::uuid AND state = $2', [
      crawlId,
      state,
    ]);
    if (outcome?.reached_by !== 'unreached') return false;
    await tx.query(
      `UPDATE scan_frontier SET status = 'unreached', worker = NULL WHERE crawl_id = $1::text::uuid AND state = $2 AND status IN ('pending', 'visiting')`,
      [crawlId, state],
    );
    return true;
  });

/**
 * Commits one visit in one statement (scan_record_visit, migration 013, so a worker never holds
 * the embedded database's one session between round trips): the row, only if this worker still
 * holds it (a row handed to another worker meanwhile is theirs to record), its evidence
 * (crawlEvidence.ts), the same page's "accept" row when it was accepted on the page, and the
 * pages it links to.
 */
export const recordVisit = async (
  sql: SqlClient,
  crawl: Pick<CrawlRow, 'id' | 'plan' | 'pageBudget'>,
  worker: string,
  evidence: PageEvidence,
  now: Date,
  discovered: readonly string[],
  accepted: PageEvidence | null = null,
): Promise<boolean> => {
  const visit = {
    crawlId: crawl.id,
    worker,
    stamp: now.toISOString(),
    plan: { kind: crawl.plan.kind, sampleSize: crawl.plan.sampleSize },
    pageBudget: crawl.pageBudget,
    visit: evidenceRecord(evidence),
    accepted: accepted ? evidenceRecord(accepted) : null,
    links: discovered,
    aliases: evidence.finalUrl !== evidence.url ? [evidence.finalUrl] : [],
  };
  const [row] = await sql.query<{ recorded: boolean }>('SELECT scan_record_visit($1::text::jsonb) AS recorded', [JSON.stringify(visit)]);
  return row?.recorded === true;
};

export const recordFailure = async (
  sql: SqlClient,
  crawlId: string,
  worker: string,
  claim: Pick<Claim, 'url' | 'state'>,
  status: 'failed' | 'refused',
  httpStatus: number | null,
  detail: string,
): Promise<void> => {
  await sql.query(
    `UPDATE scan_frontier SET status = $4, visited_at = now(), http_status = $5::int, detail = $6
     WHERE crawl_id = $1::text::uuid AND url = $2 AND state = $3 AND status = 'visiting' AND worker = $7`,
    [crawlId, claim.url, claim.state, status, httpStatus, detail.slice(0, 500), worker],
  );
};

export const recordRefusals = async (sql: SqlClient, crawlId: string, refusals: readonly Refusal[]): Promise<void> => {
  if (refusals.length === 0) return;
  await sql.query(
    `INSERT INTO scan_refused (crawl_id, url, reason, address)
     SELECT $1::text::uuid, r.url, r.reason, r.address FROM jsonb_to_recordset($2::text::jsonb) AS r(url text, reason text, address text)
     ON CONFLICT DO NOTHING`,
    [crawlId, JSON.stringify(refusals.map((r) => ({ url: r.url.slice(0, 2000), reason: r.reason, address: r.address })))],
  );
};

/** Hands this worker's rows in flight back (a graceful stop), or a dead worker's (`stale`). */
export const releaseRows = async (sql: SqlClient, crawlId: string, worker: string | { staleMs: number }): Promise<number> => {
  const rows =
    typeof worker === 'string'
      ? await sql.query(
          `UPDATE scan_frontier SET status = 'pending', worker = NULL WHERE crawl_id = $1::text::uuid AND status = 'visiting' AND worker = $2 RETURNING 1`,
          [crawlId, worker],
        )
      : await sql.query(
          `UPDATE scan_frontier f SET status = 'pending', worker = NULL
           WHERE f.crawl_id = $1::text::uuid AND f.status = 'visiting' AND NOT EXISTS (
             SELECT 1 FROM scan_workers w WHERE w.id = f.worker AND w.heartbeat_at > now() - ($2::int * interval '1 millisecond'))
           RETURNING 1`,
          [crawlId, worker.staleMs],
        );
  return rows.length;
};

export const frontierCounts = async (sql: SqlSession, crawlId: string): Promise<{ pending: number; visiting: number; visited: number; failed: number }> => {
  const [row] = await sql.query<{ pending: number; visiting: number; visited: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'visiting')::int AS visiting,
       count(*) FILTER (WHERE status = 'visited')::int AS visited, count(*) FILTER (WHERE status IN ('failed', 'refused'))::int AS failed
     FROM scan_frontier WHERE crawl_id = $1::text::uuid`,
    [crawlId],
  );
  return row ?? { pending: 0, visiting: 0, visited: 0, failed: 0 };
};

/** The start page's own outcome: what a crawl whose first page failed reports. */
export const startPageOutcome = async (
  sql: SqlSession,
  crawlId: string,
): Promise<{ status: string; httpStatus: number | null; detail: string | null } | null> => {
  const [row] = await sql.query<{ status: string; http_status: number | null; detail: string | null }>(
    `SELECT status, http_status, detail FROM scan_frontier WHERE crawl_id = $1::text::uuid AND seq = 0 AND state = 'before'`,
    [crawlId],
  );
  return row ? { status: row.status, httpStatus: row.http_status, detail: row.detail } : null;
};

/**
 * A page load under the site's Crawl-delay has ended: the next one waits the delay from now, so
 * the site sees its requests a delay apart however long each load (or its way there) took.
 */
export const visitEnded = async (sql: SqlClient, crawlId: string, delayMs: number): Promise<void> => {
  await sql.query(
    `UPDATE scan_crawls SET next_visit_at = greatest(coalesce(next_visit_at, now()), now() + ($2::int * interval '1 millisecond')) WHERE id = $1::text::uuid`,
    [crawlId, delayMs],
  );
};

/** The next page load's time under the site's Crawl-delay, shared by every worker on the crawl. */
export const nextVisitSlot = async (sql: SqlClient, crawlId: string, delayMs: number): Promise<number> => {
  const [row] = await sql.query<{ slot: number }>(
    `UPDATE scan_crawls SET next_visit_at = greatest(coalesce(next_visit_at, now()), now()) + ($2::int * interval '1 millisecond')
     WHERE id = $1::text::uuid RETURNING (extract(epoch FROM next_visit_at) * 1000)::float8 - $2::int AS slot`,
    [crawlId, delayMs],
  );
  return row?.slot ?? Date.now();
};

/** Ends a running crawl once; false when someone else ended it first. */
export const finishCrawl = async (
  sql: SqlClient,
  crawlId: string,
  outcome: { status: 'succeeded' | 'failed'; failure?: string | null; detail?: string | null; partial?: boolean; checks?: unknown },
): Promise<boolean> => {
  const rows = await sql.query(
    `UPDATE scan_crawls SET status = $2, failure = $3, failure_detail = $4, partial = $5::boolean, checks = coalesce($6::text::jsonb, checks), finished_at = now()
     WHERE id = $1::text::uuid AND status IN ('queued', 'running') RETURNING 1`,
    [
      crawlId,
      outcome.status,
      outcome.failure ?? null,
      outcome.detail?.slice(0, 500) ?? null,
      outcome.partial ?? false,
      outcome.checks === undefined ? null : JSON.stringify(outcome.checks),
    ],
  );
  return rows.length > 0;
};

export { iso as isoColumn };

/** Whether one more worker may be asked to join the crawl (counted, so the asks stay bounded). */
export const recruitHelper = async (sql: SqlClient, crawlId: string, max: number): Promise<boolean> =>
  (
    await sql.query(`UPDATE scan_crawls SET helpers = helpers + 1 WHERE id = $1::text::uuid AND status = 'running' AND helpers < $2::int RETURNING 1`, [
      crawlId,
      max,
    ])
  ).length > 0;
