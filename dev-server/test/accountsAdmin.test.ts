import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, messageKeys, postJson } from './http';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string, cookie: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers: { cookie, ...headers } });
const ids = async (res: Response) => ((await res.json()) as { id: number }[]).map((a) => a.id);

describe('accounts (operations)', () => {
  it('[ROLE-1] the admin lists every account and creates one (name at least 2 characters); customers never see the list', async () => {
    const admin = await login(server.baseUrl, 'admin@demo.test');
    const list = await get('/accounts?_sort=id&_order=asc', admin);
    expect(await ids(list)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const short = await postJson(server.baseUrl, '/accounts', { name: 'x' }, { cookie: admin });
    expect([short.status, await messageKeys(short)]).toEqual([400, ['validation.account_name_length']]);
    const none = await postJson(server.baseUrl, '/accounts', {}, { cookie: admin });
    expect([none.status, await messageKeys(none)]).toEqual([400, ['validation.account_name_required']]);
    const created = await postJson(server.baseUrl, '/accounts', { name: 'New Customer' }, { cookie: admin });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'New Customer', subscription: { status: 'trial' } });
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const refused = await postJson(server.baseUrl, '/accounts', { name: 'Mine' }, { cookie: owner });
    expect([refused.status, await messageKeys(refused)]).toEqual([403, ['error.backend.not_allowed_create_account']]);
    expect((await get('/accounts', owner)).status).toBe(404);
  });

  it('[ROLE-1] an agency sees its own and its client accounts', async () => {
    const agency = await login(server.baseUrl, 'agency@demo.test');
    expect(await ids(await get('/accounts?_sort=id', agency))).toEqual([4, 5, 6]);
  });

  it('[ROLE-3] X-Account-Id: admin any account, agency its clients, others refused; scoped lists follow it', async () => {
    const admin = await login(server.baseUrl, 'admin@demo.test');
    const onOther = await get('/consent-solutions', admin, { 'X-Account-Id': '2' });
    expect(onOther.status).toBe(200);
    expect(((await onOther.json()) as { accountId: number }[]).every((s) => s.accountId === 2)).toBe(true);
    expect((await get('/consent-solutions', admin, { 'X-Account-Id': '999' })).status).toBe(404);
    const agency = await login(server.baseUrl, 'agency@demo.test');
    expect((await get('/consent-solutions', agency, { 'X-Account-Id': '5' })).status).toBe(200);
    const stranger = await get('/consent-solutions', agency, { 'X-Account-Id': '2' });
    expect([stranger.status, await messageKeys(stranger)]).toEqual([403, ['error.backend.not_allowed_switch_account']]);
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const user = await get('/consent-solutions', owner, { 'X-Account-Id': '2' });
    expect([user.status, await messageKeys(user)]).toEqual([403, ['error.backend.not_allowed_switch_account']]);
    expect((await get('/consent-solutions', owner, { 'X-Account-Id': '1' })).status).toBe(200);
    expect((await get('/consent-solutions', owner, { 'X-Account-Id': 'abc' })).status).toBe(400);
  });

  it('[ROLE-3] CORS lets the app send X-Account-Id', async () => {
    const res = await fetch(`${server.baseUrl}/consent-solutions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-account-id' },
    });
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-account-id');
  });
});
