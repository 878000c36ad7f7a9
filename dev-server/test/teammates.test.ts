import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../store/types';
import { login, messageKeys, multipart, postJson } from './http';
import { devHeaders, startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner = '';
beforeAll(async () => {
  server = await startTestServer();
  owner = await login(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

const get = (path: string, cookie: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers: { cookie, ...headers } });
const del = (path: string, cookie: string) => fetch(`${server.baseUrl}${path}`, { method: 'DELETE', headers: { cookie } });
const userBy = (email: string) => server.store.rows<User>('users').find((u) => u.email === email);

describe('teammates', () => {
  it('[ROUTE-8][ENT-4] lists the account’s users with search by email and server paging, never a hash', async () => {
    const res = await get('/teammates?_page=1&_limit=2&_sort=email&_order=asc', owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows.map((r) => r.email)).toEqual(['disabled@demo.test', 'owner@demo.test']);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['createdAt', 'email', 'id', 'lastSeenAt', 'name', 'roles', 'status']);
    const search = (await (await get('/teammates?q=PEND', owner)).json()) as { email: string }[];
    expect(search.map((r) => r.email)).toEqual(['pending@demo.test']);
  });

  it('[ROUTE-8] invites by email: a pending user and an activation link that sets the password (passwordCreated)', async () => {
    const res = await postJson(server.baseUrl, '/teammates', { email: 'new.mate@demo.test' }, { cookie: owner });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ email: 'new.mate@demo.test', status: 'pending', roles: ['ROLE_USER'] });
    const mail = server.context.outbox.list().find((m) => m.to === 'new.mate@demo.test');
    expect(mail?.link).toMatch(/\/newpassword\/[^/]+\/[^/]+\/$/);
    const [token, csrf] = (mail?.link ?? '').split('/newpassword/')[1]?.split('/') ?? [];
    const reset = await fetch(`${server.baseUrl}/lost-password/reset/${token}`, {
      method: 'POST',
      body: multipart({
        'fos_user_resetting_form[plainPassword][first]': 'Mate-Password-2026',
        'fos_user_resetting_form[plainPassword][second]': 'Mate-Password-2026',
        'fos_user_resetting_form[_token]': csrf ?? '',
      }),
    });
    expect(await reset.json()).toEqual({ passwordCreated: true });
    expect(await login(server.baseUrl, 'new.mate@demo.test', 'Mate-Password-2026')).toContain('ci_hp=');
    const again = await postJson(server.baseUrl, '/teammates', { email: 'NEW.mate@demo.test' }, { cookie: owner });
    expect([again.status, await messageKeys(again)]).toEqual([409, ['error.backend.teammate_already_exists']]);
    const bad = await postJson(server.baseUrl, '/teammates', { email: 'nope' }, { cookie: owner });
    expect([bad.status, await messageKeys(bad)]).toEqual([400, ['validation.email_invalid']]);
  });

  it("[MAIL-1] the invitation names the inviter and the company in its subject and body, in the inviter's language", async () => {
    const english = await postJson(server.baseUrl, '/teammates', { email: 'anna@invited.test' }, { cookie: owner });
    const french = await postJson(server.baseUrl, '/teammates', { email: 'bruno@invited.test', language: 'fr' }, { cookie: owner });
    expect([english.status, french.status]).toEqual([201, 201]);
    await server.context.mail.idle();
    const mailTo = (email: string) => server.context.outbox.list().find((m) => m.to === email);
    const en = mailTo('anna@invited.test');
    expect(en?.subject).toBe('Olivia Owner invited you to join Demo Shop');
    expect(en?.text).toContain('Olivia Owner (owner@demo.test) invited you to join Demo Shop. To accept, choose your password within 24 hours:');
    expect(en?.text).toContain(en?.link);
    const fr = mailTo('bruno@invited.test');
    expect(fr?.subject).toBe('Olivia Owner vous invite à rejoindre Demo Shop');
    expect(fr?.text).toContain('Olivia Owner (owner@demo.test) vous invite à rejoindre Demo Shop. Pour accepter, choisissez votre mot de passe');
    const unknownLanguage = await postJson(server.baseUrl, '/teammates', { email: 'carl@invited.test', language: 'xx' }, { cookie: owner });
    expect(unknownLanguage.status).toBe(400);
    // DEPLOY-6: staff acting on a customer's account invite as the provider, unnamed.
    const admin = await login(server.baseUrl, 'admin@demo.test');
    const byStaff = await postJson(server.baseUrl, '/teammates', { email: 'dora@invited.test' }, { cookie: admin, 'x-account-id': '2' });
    expect(byStaff.status).toBe(201);
    await server.context.mail.idle();
    const staffMail = mailTo('dora@invited.test');
    expect(staffMail?.subject).toBe('You are invited to join Other Company');
    expect(staffMail?.text).not.toMatch(/admin|Adam/i);
  });

  it('[ROLE-3][ERR-2] refuses: inviting without the right, deleting yourself, the last active user, another account’s users', async () => {
    const client = await login(server.baseUrl, 'client@demo.test');
    const invite = await postJson(server.baseUrl, '/teammates', { email: 'x@demo.test' }, { cookie: client });
    expect([invite.status, await messageKeys(invite)]).toEqual([403, ['error.backend.not_allowed_invite_teammate']]);
    const read = await get('/teammates', client);
    expect([read.status, await messageKeys(read)]).toEqual([403, ['error.backend.not_allowed_read_users']]);
    const demo = await login(server.baseUrl, 'demo@demo.test');
    const demoInvite = await postJson(server.baseUrl, '/teammates', { email: 'y@demo.test' }, { cookie: demo });
    expect([demoInvite.status, await messageKeys(demoInvite)]).toEqual([403, ['error.backend.permission_denied']]);

    const self = await del(`/teammates/${userBy('owner@demo.test')?.id}`, owner);
    expect([self.status, await messageKeys(self)]).toEqual([403, ['error.backend.not_allowed_delete_self']]);
    const other = await login(server.baseUrl, 'other@demo.test');
    const foreign = await del(`/teammates/${userBy('other@demo.test')?.id}`, owner);
    expect(foreign.status).toBe(404);
    const admin = await login(server.baseUrl, 'admin@demo.test');
    const last = await fetch(`${server.baseUrl}/teammates/${userBy('other@demo.test')?.id}`, {
      method: 'DELETE',
      headers: { cookie: admin, 'x-account-id': '2' },
    });
    expect([last.status, await messageKeys(last)]).toEqual([409, ['error.backend.last_active_user']]);
    expect((await get('/teammates', other)).status).toBe(200);
  });

  it('[ROUTE-8] [ENT-4] one teammate reads without a hash; a teammate is not edited through the API (405)', async () => {
    const id = userBy('pending@demo.test')?.id;
    const one = await get(`/teammates/${id}`, owner);
    expect(Object.keys((await one.json()) as Record<string, unknown>).sort()).toEqual(['createdAt', 'email', 'id', 'lastSeenAt', 'name', 'roles', 'status']);
    const patch = await fetch(`${server.baseUrl}/teammates/${id}`, {
      method: 'PATCH',
      headers: { cookie: owner, 'content-type': 'application/json' },
      body: '{"roles":["ROLE_ADMIN"]}',
    });
    expect([patch.status, await messageKeys(patch)]).toEqual([405, ['error.backend.method_not_allowed']]);
    expect(userBy('pending@demo.test')?.roles).toEqual(['ROLE_USER']);
  });

  it('[ROUTE-8] removes a teammate of the account', async () => {
    const id = userBy('disabled@demo.test')?.id;
    expect((await del(`/teammates/${id}`, owner)).status).toBe(204);
    expect(userBy('disabled@demo.test')).toBeUndefined();
    expect((await del(`/teammates/${id}`, owner)).status).toBe(404);
  });

  it('[ENT-4] last seen is written on authenticated requests, at most once per 5 minutes', async () => {
    const before = userBy('owner@demo.test')?.lastSeenAt;
    expect(before).not.toBeNull();
    await get('/teammates', owner);
    expect(userBy('owner@demo.test')?.lastSeenAt).toBe(before);
    await postJson(server.baseUrl, '/dev/clock', { advanceDays: 0.01 }, devHeaders());
    await get('/teammates', owner);
    expect(userBy('owner@demo.test')?.lastSeenAt).not.toBe(before);
    await postJson(server.baseUrl, '/dev/clock', { reset: true }, devHeaders());
  });
});
