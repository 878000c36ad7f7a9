import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceReport } from '../../src/schemas/consentRecord';
import type { ConsentRecordRow } from '../consent-log/consentRecord';
import { migrate, migrations } from '../consent-log/migrate';
import { openEmbedded, openServer, type SqlClient } from '../consent-log/sql';
import { caller, type Call } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * LOG-1..LOG-4: the consent log, the same tests on the embedded database (PGlite) and on a real
 * PostgreSQL server. `npm test` (scripts/test.mjs) starts a throw-away cluster and passes its
 * URL as CONSENT_LOG_TEST_DATABASE_URL; without one the server half is skipped, and the test
 * command says what to install.
 */

const SERVER_URL = process.env.CONSENT_LOG_TEST_DATABASE_URL;
const schemaName = () => `consent_log_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

interface Backend {
  name: string;
  /** The server's consent-log options (none: embedded in the test server's temp folder). */
  options: () => { databaseUrl?: string; schema?: string };
  /** A client of its own for the schema tests. */
  client: () => Promise<{ sql: SqlClient; done: () => Promise<void> }>;
}

const embedded: Backend = {
  name: 'embedded PGlite',
  options: () => ({}),
  client: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'consent-log-schema-'));
    const sql = await openEmbedded(join(dir, 'db'));
    return {
      sql,
      done: async () => {
        await sql.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const server = (url: string): Backend => ({
  name: 'PostgreSQL server',
  options: () => ({ databaseUrl: url, schema: schemaName() }),
  client: async () => {
    const schema = schemaName();
    const sql = await openServer(url, schema);
    return {
      sql,
      done: async () => {
        await sql.script(`DROP SCHEMA ${schema} CASCADE`);
        await sql.close();
      },
    };
  },
});

const AID = 'c0ffee00-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const ORIGIN_1 = 'https://demo-shop.com';
const ORIGIN_2 = 'https://blog.demo-shop.com';

const suite = (backend: Backend) => {
  let api: TestServer;
  let owner: Call;
  let stranger: Call;
  let cookie: string;
  let strangerCookie: string;

  const send = (csId: number, body: Record<string, unknown>, origin = ORIGIN_1) =>
    fetch(`${api.baseUrl}/consent/${csId}/records`, { method: 'POST', headers: { 'content-type': 'text/plain', origin }, body: JSON.stringify(body) });
  const record = (extra: Record<string, unknown> = {}) => ({
    anonymousId: AID,
    action: 'accept',
    categories: ['functional', 'statistics'],
    consentVersion: 1,
    ...extra,
  });
  const download = async (path: string) => {
    const res = await fetch(`${api.baseUrl}${path}`, { headers: { cookie } });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      disposition: res.headers.get('content-disposition') ?? '',
      text: await res.text(),
    };
  };

  beforeAll(async () => {
    api = await startTestServer({ consentLog: backend.options(), consentRecordLimits: { perAddress: 100_000, perSolution: 100_000 } });
    await api.context.consentLog.ready();
    owner = await caller(api.baseUrl, 'owner@demo.test');
    stranger = await caller(api.baseUrl, 'other@demo.test');
    const { login } = await import('./http');
    cookie = await login(api.baseUrl, 'owner@demo.test');
    strangerCookie = await login(api.baseUrl, 'other@demo.test');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('[LOG-1] the demo history is moved into the log on first open and leaves the JSON store', async () => {
    const list = await owner<unknown[]>('GET', '/consent-records?_limit=5');
    expect(list.status).toBe(200);
    expect(list.total).toBeGreaterThan(500);
    expect(api.store.state().consentRecords).toBeUndefined();
    expect(api.context.consentLog.backend()).toBe(backend.name === 'embedded PGlite' ? 'embedded' : 'postgres');
  });

  it('[LOG-2] concurrent records are each acknowledged after commit, many per transaction, all readable as proof', async () => {
    const before = api.context.consentLog.ingestStats();
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => send(1, record({ anonymousId: `batch-visitor-${String(i).padStart(6, '0')}` }))));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 201));
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
    const after = api.context.consentLog.ingestStats();
    expect(after.rows - before.rows).toBe(200);
    // Group commit: far fewer transactions than records.
    expect(after.batches - before.batches).toBeLessThan(100);
    for (const id of ids.slice(0, 20)) expect((await owner<{ id: string }>('GET', `/consent-records/${id}`)).body.id).toBe(id);
    const found = await owner<unknown[]>('GET', '/consent-records?q=batch-visitor-&_limit=1');
    expect(found.total).toBe(200);
  });

  it('[LOG-2] the per-solution rate limit answers 429 with a violation, other solutions go on', async () => {
    const limited = await startTestServer({ consentLog: backend.options(), consentRecordLimits: { perAddress: 1000, perSolution: 3 } });
    try {
      const post = (csId: number, origin: string) =>
        fetch(`${limited.baseUrl}/consent/${csId}/records`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', origin },
          body: JSON.stringify(record()),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await post(1, ORIGIN_1)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await post(2, ORIGIN_2)).status).toBe(201);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('[LOG-3] the dashboard figures come from the daily roll-ups of each decision day', async () => {
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const read = async () => (await owner<ComplianceReport>('GET', `/reports/compliance?consentSolutionId=2&from=${day(0)}&to=${day(0)}`)).body;
    const before = await read();
    const aid = 'rollup-visitor-0000001';
    for (const body of [
      record({ anonymousId: aid, action: 'accept', categories: ['functional', 'statistics', 'marketing'] }),
      record({ anonymousId: aid, action: 'decline', categories: [] }),
      record({ anonymousId: aid, action: 'save', categories: ['statistics'] }),
    ])
      expect((await send(2, body, ORIGIN_2)).status).toBe(201);
    const after = await read();
    expect(after.totals.decisions - before.totals.decisions).toBe(3);
    expect(after.totals.accept - before.totals.accept).toBe(1);
    expect(after.totals.decline - before.totals.decline).toBe(1);
    expect(after.totals.save - before.totals.save).toBe(1);
    expect(after.daily).toHaveLength(1);
    // The figures equal a count over the records themselves (the seed's and the test's).
    const all = (await owner<{ action: string; decidedAt: string }[]>('GET', `/consent-records?consentSolutionId=2&_limit=100`)).body.filter((r) =>
      r.decidedAt.startsWith(day(0)),
    );
    expect(after.totals.decisions).toBeGreaterThanOrEqual(all.length);
    const stat = after.totals.optIn.statistics ?? 0;
    expect(stat).toBeGreaterThan(0);
    expect(stat).toBeLessThanOrEqual(1);
  });

  it('[STD-3][STD-4][LOG-3][DEPLOY-5] the standards fields go through the log: GPC and the region rule are in the proof, GPC decisions in the figures; a TC string where TCF is off is refused', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const read = async () => (await owner<ComplianceReport>('GET', `/reports/compliance?consentSolutionId=1&from=${today}&to=${today}`)).body;
    const before = await read();
    // Solution 1 has no TCF banner: a TC string there was never sent by its banner (e2e/tcf.test.ts stores one where TCF is on).
    const forged = await send(1, record({ anonymousId: 'standards-visitor-0001', tcString: 'CQAbCdEAAbCdEAGABCENBgFgAP_gAEPgAAAAKYtV' }));
    expect(forged.status).toBe(400);
    expect(JSON.stringify(await forged.json())).toContain('validation.tc_string_without_tcf');
    const res = await send(1, record({ anonymousId: 'standards-visitor-0001', action: 'gpc', categories: ['functional'], gpc: true, regionRule: 'opt-out' }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const proof = (await owner<Record<string, unknown>>('GET', `/consent-records/${id}`)).body;
    expect(proof).toMatchObject({ action: 'gpc', gpc: true, regionRule: 'opt-out', tcString: null });
    const plain = (await (await send(1, record({ anonymousId: 'standards-visitor-0002' }))).json()) as { id: string };
    expect((await owner<Record<string, unknown>>('GET', `/consent-records/${plain.id}`)).body).toMatchObject({
      gpc: false,
      regionRule: 'opt-in',
      tcString: null,
    });
    const after = await read();
    expect(after.totals.underGpc - before.totals.underGpc).toBe(1);
    expect(after.totals.gpc - before.totals.gpc).toBe(1);
    expect(after.totals.decisions - before.totals.decisions).toBe(2);
  });

  it('[LOG-3] proof look-up by consent id, own account only; malformed ids are 404, never 500', async () => {
    const res = await send(1, record({ anonymousId: 'proof-visitor-00000001' }));
    const { id } = (await res.json()) as { id: string };
    expect((await owner<{ anonymousId: string }>('GET', `/consent-records/${id}`)).body.anonymousId).toBe('proof-visitor-00000001');
    expect((await stranger('GET', `/consent-records/${id}`)).status).toBe(404);
    expect((await owner('GET', `/consent-records/${id.toUpperCase()}x`)).status).toBe(404);
    expect((await owner('GET', `/consent-records/${randomUUID()}`)).status).toBe(404);
  });

  it('[LOG-3] shared consent is looked up in SQL by anonymous id, since the last push for consent', async () => {
    for (const row of api.store.state().consentSolutions as { id: number; sharedConsent: boolean; consentVersionAt: string }[]) {
      if (row.id === 1 || row.id === 2) {
        row.sharedConsent = true;
        row.consentVersionAt = new Date(Date.now() - 60_000).toISOString();
      }
    }
    const aid = 'shared-visitor-000000001';
    expect((await send(1, record({ anonymousId: aid, categories: ['marketing'] }))).status).toBe(201);
    const shared = await fetch(`${api.baseUrl}/consent/2/shared?anonymousId=${aid}`, { headers: { origin: ORIGIN_2 } });
    expect(((await shared.json()) as { consent: { categories: string[]; consentSolutionId: number } }).consent).toMatchObject({
      categories: ['necessary', 'marketing'],
      consentSolutionId: 1,
    });
    // A decision older than the asking solution's last push for consent no longer counts.
    for (const row of api.store.state().consentSolutions as { id: number; consentVersionAt: string }[])
      if (row.id === 2) row.consentVersionAt = new Date(Date.now() + 60_000).toISOString();
    const stale = await fetch(`${api.baseUrl}/consent/2/shared?anonymousId=${aid}`, { headers: { origin: ORIGIN_2 } });
    expect(((await stale.json()) as { consent: unknown }).consent).toBeNull();
  });

  it('[LOG-3] the export streams every matching record as CSV (formula cells neutralised) and as JSON Lines', async () => {
    const tricky = '-cmd-visitor-000000001';
    expect((await send(1, record({ anonymousId: tricky }))).status).toBe(201);
    const total = (await owner<unknown[]>('GET', '/consent-records?_limit=1')).total ?? 0;

    const csv = await download('/consent-records/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.disposition).toContain('consent-records.csv');
    const parsed = Papa.parse<Record<string, string>>(csv.text, { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(total);
    expect(parsed.meta.fields).toEqual(expect.arrayContaining(['id', 'anonymousId', 'decidedAt', 'categories']));
    expect(parsed.data.find((r) => r.anonymousId?.includes('cmd-visitor'))?.anonymousId).toBe(`'${tricky}`);
    expect(new Set(parsed.data.map((r) => r.id)).size).toBe(total);

    const jsonl = await download('/consent-records/export?format=jsonl&consentSolutionId=1');
    expect(jsonl.type).toContain('application/x-ndjson');
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { consentSolutionId: number; receivedAt: string; anonymousId: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.consentSolutionId === 1)).toBe(true);
    expect(lines.map((l) => l.receivedAt)).toEqual([...lines.map((l) => l.receivedAt)].sort());
    expect(lines.some((l) => l.anonymousId === tricky)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const todays = await download(`/consent-records/export?format=jsonl&from=${today}&to=${today}`);
    expect(
      todays.text
        .trim()
        .split('\n')
        .every((l) => (JSON.parse(l) as { receivedAt: string }).receivedAt.startsWith(today)),
    ).toBe(true);

    for (const bad of ['format=xml', 'from=2026-02-30', 'consentSolutionId=x', 'extra=1', 'from=2026-05-02&to=2026-05-01'])
      expect((await download(`/consent-records/export?${bad}`)).status, bad).toBe(400);
    expect((await stranger('GET', '/consent-records/export?consentSolutionId=1')).status).toBe(404);
    const strangers = await fetch(`${api.baseUrl}/consent-records/export?format=jsonl`, { headers: { cookie: strangerCookie } });
    expect(strangers.status).toBe(200);
    expect(await strangers.text()).toBe('');
  });

  it('[LOG-4] retention per account (default five years) is enforced by the scheduled job; the figures stay', async () => {
    const initial = await owner<{ days: number; defaultDays: number }>('GET', '/consent-retention');
    expect(initial.body).toMatchObject({ days: 1826, defaultDays: 1826 });
    const old = (days: number): ConsentRecordRow => {
      const at = new Date(Date.now() - days * 86_400_000).toISOString();
      return {
        id: randomUUID(),
        accountId: 1,
        consentSolutionId: 3,
        anonymousId: `retention-${days}-0000000`,
        action: 'decline',
        categories: ['necessary'],
        consentVersion: 1,
        decidedAt: at,
        receivedAt: at,
        domain: 'demo-shop.com',
        language: null,
      };
    };
    const [kept, expired] = [old(20), old(400)];
    await api.context.consentLog.appendMany([kept, expired]);
    await api.retention.run();
    expect((await owner('GET', `/consent-records/${expired.id}`)).status).toBe(200);

    expect((await owner('PUT', '/consent-retention', { days: 5 })).status).toBe(400);
    expect((await owner('PUT', '/consent-retention', { days: 'x' })).status).toBe(400);
    expect((await owner<{ days: number }>('PUT', '/consent-retention', { days: 365 })).body.days).toBe(365);
    const strangers = await stranger<{ days: number }>('GET', '/consent-retention');
    expect(strangers.body.days).toBe(1826);

    expect(await api.retention.run()).toBeGreaterThanOrEqual(1);
    expect((await owner('GET', `/consent-records/${expired.id}`)).status).toBe(404);
    expect((await owner('GET', `/consent-records/${kept.id}`)).status).toBe(200);
  });

  it('[LOG-1] a deleted solution takes its records and figures with it, other solutions keep theirs', async () => {
    const at = new Date().toISOString();
    const row = (consentSolutionId: number): ConsentRecordRow => ({
      id: randomUUID(),
      accountId: 1,
      consentSolutionId,
      anonymousId: `forget-visitor-${consentSolutionId}-000`,
      action: 'accept',
      categories: ['necessary'],
      consentVersion: 1,
      decidedAt: at,
      receivedAt: at,
      domain: 'demo-shop.com',
      language: null,
    });
    const [gone, kept] = [row(990_001), row(3)];
    await api.context.consentLog.appendMany([gone, kept]);
    const today = at.slice(0, 10);
    expect((await api.context.consentLog.daily(1, 990_001, today, today))[0]?.counts.accept).toBe(1);
    await api.context.consentLog.forgetSolution(990_001);
    expect(await api.context.consentLog.find(1, gone.id)).toBeNull();
    expect(await api.context.consentLog.daily(1, 990_001, today, today)).toEqual([]);
    expect(await api.context.consentLog.find(1, kept.id)).not.toBeNull();
  });

  it('[LOG-1][LOG-4] versioned migrations run once; the table stores no IP address or user agent and can be partitioned by month', async () => {
    const { sql, done } = await backend.client();
    try {
      expect(await migrate(sql)).toEqual(migrations().map((m) => m.version));
      expect(await migrate(sql)).toEqual([]);
      const columns = (
        await sql.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'consent_records' AND table_schema = current_schema() ORDER BY ordinal_position`,
        )
      ).map((c) => c.column_name);
      expect(columns).toEqual([
        'id',
        'account_id',
        'consent_solution_id',
        'anonymous_id',
        'action',
        'categories',
        'consent_version',
        'decided_at',
        'received_at',
        'domain',
        'language',
        'gpc',
        'region_rule',
        'tc_string',
        'gpp_string',
        'gpp_sid',
        'ac_string',
        'is_change',
        'replaces',
      ]);
      const indexes = (
        await sql.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'consent_records' AND schemaname = current_schema()`)
      )
        .map((i) => i.indexdef)
        .join('\n');
      expect(indexes).toMatch(/\(id\)/);
      expect(indexes).toMatch(/\(anonymous_id, decided_at\)/);
      expect(indexes).toMatch(/\(consent_solution_id, received_at, id\)/);
      // docs/consent-log.md: the same columns and keys as monthly range partitions.
      await sql.script(`
        CREATE TABLE consent_records_partitioned (LIKE consent_records INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES) PARTITION BY RANGE (received_at);
        CREATE TABLE consent_records_2026_01 PARTITION OF consent_records_partitioned FOR VALUES FROM ('2026-01-01') TO ('2026-02-01');
        INSERT INTO consent_records_partitioned (id, account_id, consent_solution_id, anonymous_id, action, categories, consent_version, decided_at, received_at, domain, language)
          VALUES ('${randomUUID()}', 1, 1, 'partition-visitor-01', 'accept', '{necessary}', 1, '2026-01-15T10:00:00Z', '2026-01-15T10:00:01Z', 'demo-shop.com', NULL);`);
      expect(await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM consent_records_2026_01')).toEqual([{ n: 1 }]);
    } finally {
      await done();
    }
  }, 120_000);
};

describe('consent log on the embedded database (PGlite)', () => suite(embedded));
describe.skipIf(SERVER_URL === undefined)('consent log on a PostgreSQL server', () => suite(server(SERVER_URL ?? '')));
