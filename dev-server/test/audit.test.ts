import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, messageKeys, postJson } from './http';
import { startTestServer, type TestServer } from './startTestServer';
import { AUDIT_LOG, type AuditEntry } from '../audit/auditTrail';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Entry {
  accountId: number;
  userEmail: string;
  action: string;
  resource: string;
  summary: string;
  changes: Record<string, unknown>;
}
const get = (path: string, cookie: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers: { cookie, ...headers } });

describe('audit log', () => {
  it('[BEYOND-7] records who, which account, what and when for every successful write, newest first, filterable', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    await postJson(server.baseUrl, '/teammates', { email: 'audited@demo.test' }, { cookie: owner });
    await postJson(server.baseUrl, '/teammates', { email: 'bad' }, { cookie: owner });
    const res = await get('/audit-log?_page=1&_limit=10', owner);
    expect(res.status).toBe(200);
    const [latest] = (await res.json()) as (Entry & { at: string })[];
    expect(latest).toMatchObject({
      accountId: 1,
      userEmail: 'owner@demo.test',
      action: 'create',
      resource: 'teammates',
      changes: { email: 'audited@demo.test' },
    });
    expect(res.headers.get('x-total-count')).toBe('1');
    const filtered = (await (await get('/audit-log?resource=consent-solutions', owner)).json()) as Entry[];
    expect(filtered).toEqual([]);
  });

  it('[BEYOND-7] an admin acting on another account is recorded in that account; secrets are redacted', async () => {
    const admin = await login(server.baseUrl, 'admin@demo.test');
    await fetch(`${server.baseUrl}/accounts/2`, {
      method: 'PATCH',
      headers: { cookie: admin, 'content-type': 'application/json', 'x-account-id': '2' },
      body: JSON.stringify({ name: 'Renamed Co' }),
    });
    const entries = (await (await get('/audit-log?q=admin@', admin, { 'X-Account-Id': '2' })).json()) as Entry[];
    expect(entries[0]).toMatchObject({ accountId: 2, userEmail: 'admin@demo.test', action: 'update', changes: { name: 'Renamed Co' } });
    const other = await login(server.baseUrl, 'other@demo.test');
    expect(((await (await get('/audit-log', other)).json()) as Entry[]).map((e) => e.summary)).toContain('update accounts/2: name');
    await postJson(server.baseUrl, '/subscriptions', { plan: 'essential', payment: { cardNumber: '4242424242424242', cvc: '123' } }, { cookie: other });
    expect(JSON.stringify(server.store.state().auditLog)).not.toContain('4242424242424242');
  });

  it('[ROLE-3] a client may not read the audit log', async () => {
    const client = await login(server.baseUrl, 'client@demo.test');
    const res = await get('/audit-log', client);
    expect([res.status, await messageKeys(res)]).toEqual([403, ['error.backend.not_allowed_read_audit']]);
  });

  it('[BEYOND-7] [ROLE-3] a search matching a long log is one pass: 10,000 entries found, paged and counted at once, none of another account', async () => {
    const rows = server.store.rows<AuditEntry>(AUDIT_LOG);
    const at = new Date().toISOString();
    const entry = (account: number, index: number): AuditEntry => ({
      id: server.store.nextId(AUDIT_LOG),
      account,
      actorAccount: account,
      user: 1,
      userEmail: 'owner@demo.test',
      method: 'PATCH',
      path: `/domains/${index}`,
      resource: 'domains',
      target: String(index),
      action: 'update',
      status: 200,
      changes: {},
      summary: `update domains/${index}: bulk`,
      at,
    });
    for (let index = 0; index < 10_000; index++) rows.push(entry(1, index), ...(index % 10 === 0 ? [entry(2, index)] : []));
    server.store.write();
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const started = performance.now();
    const res = await get('/audit-log?q=BULK&_page=2&_limit=25', owner);
    const page = (await res.json()) as (Entry & { id: number })[];
    // Seconds when json-server was handed the 10,000 matching ids to compare with every row.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.headers.get('x-total-count')).toBe('10000');
    expect(page).toHaveLength(25);
    expect(page.every((e) => e.accountId === 1 && e.summary.endsWith('bulk'))).toBe(true);
    expect(page.map((e) => e.id)).toEqual([...page.map((e) => e.id)].sort((a, b) => b - a));
  });

  it('[BEYOND-7] price quotes and previews of a change are reads: never logged as changes', async () => {
    const other = await login(server.baseUrl, 'other@demo.test');
    const total = async () => Number((await get('/audit-log?_page=1&_limit=1', other)).headers.get('x-total-count'));
    const before = await total();
    const quotes: Array<[string, unknown]> = [
      ['/pricing/quote', { plan: 'essential', interval: 'month', domains: [] }],
      ['/subscriptions/quote', { plan: 'essential', interval: 'month' }],
      ['/subscriptions/preview', { plan: 'professional', interval: 'year', domainsCount: 30 }],
    ];
    for (const [path, body] of quotes) expect((await postJson(server.baseUrl, path, body, { cookie: other })).status, path).toBe(200);
    expect(await total()).toBe(before);
    // A real write still is.
    await postJson(server.baseUrl, '/teammates', { email: 'logged@other.test' }, { cookie: other });
    expect(await total()).toBe(before + 1);
  });

  it('[BEYOND-10] an entry names the object as it was and the person, with only what changed; import previews are reads', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const total = async () => Number((await get('/audit-log?_page=1&_limit=1', owner)).headers.get('x-total-count'));
    const before = await total();
    const send = (method: string, path: string, body: string, type = 'application/json') =>
      fetch(`${server.baseUrl}${path}`, { method, headers: { cookie: owner, 'content-type': type }, body });
    // A preview of an import changes nothing: no entry.
    const preview = await send('POST', '/consent-solutions/2/translations/import?dryRun=true', 'key,language,text\npopup.bannerHeading,en,Hello\n', 'text/csv');
    expect(preview.status).toBe(200);
    expect(await total()).toBe(before);

    // A form sends every field; the entry keeps the one the person changed, and the old name.
    const current = (await (await get('/consent-solutions/2', owner)).json()) as { name: string; autoblocking: boolean; defaultLanguage: string };
    expect(
      (
        await send(
          'PATCH',
          '/consent-solutions/2',
          JSON.stringify({ name: 'Shop blog EU', autoblocking: current.autoblocking, defaultLanguage: current.defaultLanguage }),
        )
      ).status,
    ).toBe(200);
    expect((await postJson(server.baseUrl, '/teammates', { email: 'bob@x.com' }, { cookie: owner })).status).toBe(201);
    const entries = (await (await get('/audit-log?_page=1&_limit=2', owner)).json()) as (Entry & { subject: string | null; userName: string | null })[];
    expect(entries.map(({ action, resource, subject, userName, changes }) => ({ action, resource, subject, userName, changes }))).toEqual([
      { action: 'create', resource: 'teammates', subject: 'bob@x.com', userName: 'Olivia Owner', changes: { email: 'bob@x.com' } },
      { action: 'update', resource: 'consent-solutions', subject: current.name, userName: 'Olivia Owner', changes: { name: 'Shop blog EU' } },
    ]);
    expect(await total()).toBe(before + 2);
    // The renamed object is found by its old name too.
    const found = (await (await get(`/audit-log?q=${encodeURIComponent(current.name)}`, owner)).json()) as Entry[];
    expect(found.length).toBeGreaterThan(0);
  });
});
