import { readFileSync } from 'node:fs';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionRow } from '../auth/sessions';
import type { User } from '../store/types';
import { login, multipart, postJson, setPasswordByEmailLink } from './http';
import { startTestServer, type TestServer } from './startTestServer';

let clock = Date.parse('2026-03-02T09:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
});
afterAll(() => server.close());

const PASSWORD = 'Session-Test-Pass-1';
const get = (path: string, cookie: string) => fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
const statusOf = async (cookie: string) => (await get('/consent-solutions', cookie)).status;
const sessionRows = () => (server.store.state().sessions ?? []) as SessionRow[];
const userBy = (email: string) => server.store.state().users.find((u) => u.email === email);
const sidOf = (cookie: string): string => {
  const hp = /ci_hp=([^;]+)/.exec(cookie)?.[1] ?? '';
  return String(decodeJwt(`${hp}.x`).sid);
};

/** Invites `email` into the account of `inviter` and activates it; returns its id. */
const inviteAndActivate = async (inviter: string, email: string): Promise<number> => {
  const invited = await postJson(server.baseUrl, '/teammates', { email }, { cookie: inviter });
  expect(invited.status).toBe(201);
  expect((await setPasswordByEmailLink(server.baseUrl, email, PASSWORD)).status).toBe(200);
  return ((await invited.json()) as { id: number }).id;
};

describe('server-side sessions', () => {
  it('[SEC-3] a session id of 256 random bits is in the token; only its hash is stored, with user, created, last used and expiry', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    const sid = sidOf(cookie);
    expect(Buffer.from(sid, 'base64url').length).toBe(32);
    expect(readFileSync(server.dbFile, 'utf8')).not.toContain(sid);
    const row = sessionRows().at(-1);
    expect(row).toMatchObject({ userId: userBy('owner@demo.test')?.id, createdAt: new Date(clock).toISOString(), lastUsedAt: new Date(clock).toISOString() });
    expect(Date.parse(row?.expiresAt ?? '') - clock).toBe(8 * 3600 * 1000);
    expect(JSON.stringify(row)).not.toContain(sid);
  });

  it('[SEC-3] POST /logout ends the session server-side: the old cookie pair gets 401 afterwards', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    const other = await login(server.baseUrl, 'owner@demo.test');
    expect(await statusOf(cookie)).toBe(200);
    expect((await fetch(`${server.baseUrl}/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await statusOf(cookie)).toBe(401);
    // Only that session: the same user's other session goes on.
    expect(await statusOf(other)).toBe(200);
  });

  it('[SEC-3] a password reset ends every session of the user', async () => {
    const first = await login(server.baseUrl, 'agency@demo.test');
    const second = await login(server.baseUrl, 'agency@demo.test');
    const bystander = await login(server.baseUrl, 'owner@demo.test');
    const sent = await fetch(`${server.baseUrl}/lost-password/send-email`, { method: 'POST', body: multipart({ username: 'agency@demo.test' }) });
    expect(sent.status).toBe(200);
    expect((await setPasswordByEmailLink(server.baseUrl, 'agency@demo.test', PASSWORD)).status).toBe(200);
    expect([await statusOf(first), await statusOf(second)]).toEqual([401, 401]);
    expect(await statusOf(bystander)).toBe(200);
    expect(await statusOf(await login(server.baseUrl, 'agency@demo.test', PASSWORD))).toBe(200);
  });

  it('[SEC-3] a removed teammate’s session ends at once and never reads the next user given its id (the "user 9" takeover)', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const goneId = await inviteAndActivate(owner, 'leaving@demo.test');
    const gone = await login(server.baseUrl, 'leaving@demo.test', PASSWORD);
    expect(await statusOf(gone)).toBe(200);
    expect((await fetch(`${server.baseUrl}/teammates/${goneId}`, { method: 'DELETE', headers: { cookie: owner } })).status).toBe(204);
    expect(await statusOf(gone)).toBe(401);
    expect(sessionRows().filter((row) => row.userId === goneId)).toEqual([]);

    // Another account invites a teammate, who becomes an active user (possibly under the same id).
    const otherAccount = await login(server.baseUrl, 'other@demo.test');
    await inviteAndActivate(otherAccount, 'arriving@demo.test');
    expect(await statusOf(gone)).toBe(401);

    // Whatever the id sequence does, the binding holds on its own: forge the reuse outright.
    const users = server.store.state().users;
    const arriving = users.find((u) => u.email === 'arriving@demo.test') as User;
    users.push({ ...arriving, id: goneId, email: 'impostor@demo.test' });
    try {
      expect(await statusOf(gone)).toBe(401);
    } finally {
      users.splice(
        users.findIndex((u) => u.email === 'impostor@demo.test'),
        1,
      );
    }
  });

  it('[SEC-3] a token whose session row is gone, or names another user, is refused', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    const hash = sessionRows().at(-1)?.tokenHash;
    const row = sessionRows().find((r) => r.tokenHash === hash) as SessionRow;
    row.userId = userBy('other@demo.test')?.id ?? 0;
    expect(await statusOf(cookie)).toBe(401);
    row.userId = userBy('owner@demo.test')?.id ?? 0;
    expect(await statusOf(cookie)).toBe(200);
    sessionRows().splice(sessionRows().indexOf(row), 1);
    expect(await statusOf(cookie)).toBe(401);
  });

  it('[SEC-3] disabling a user ends its sessions: they stay ended when it is enabled again', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    const owner = userBy('owner@demo.test') as User;
    owner.status = 'disabled';
    expect(await statusOf(cookie)).toBe(401);
    owner.status = 'active';
    expect(await statusOf(cookie)).toBe(401);
    expect(await statusOf(await login(server.baseUrl, 'owner@demo.test'))).toBe(200);
  });

  it('[SEC-3] last used is written at most every 5 minutes; expired rows are purged', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    const row = () => sessionRows().find((r) => r.tokenHash === sessionRows().at(-1)?.tokenHash);
    const mine = row() as SessionRow;
    clock += 60_000;
    await statusOf(cookie);
    expect(mine.lastUsedAt).toBe(mine.createdAt);
    clock += 5 * 60_000;
    await statusOf(cookie);
    expect(mine.lastUsedAt).toBe(new Date(clock).toISOString());

    clock += 9 * 3600 * 1000;
    expect(await statusOf(cookie)).toBe(401);
    expect(sessionRows().length).toBeGreaterThan(1);
    await login(server.baseUrl, 'owner@demo.test');
    expect(sessionRows()).toHaveLength(1);
    expect(JSON.parse(readFileSync(server.dbFile, 'utf8')).sessions).toHaveLength(1);
  });
});
