import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed';
import { cookieHeader, login, messageKeys, postJson, setCookies } from './http';
import { startTestServer, type TestServer } from './startTestServer';
import type { User } from '../store/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const accountOf = (cookies: string) => fetch(`${server.baseUrl}/accounts/1`, { headers: { cookie: cookies } });

describe('POST /login_check', () => {
  it('[API-2] sets split JWT cookies on login with the documented attributes and claims', async () => {
    const res = await postJson(server.baseUrl, '/login_check', { email: 'owner@demo.test', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ token_set: true, user: { id: 1, email: 'owner@demo.test', roles: ['ROLE_USER'], account_id: 1 } });

    const cookies = setCookies(res);
    const hp = cookies.find((c) => c.name === 'ci_hp');
    const sig = cookies.find((c) => c.name === 'ci_s');
    expect(hp).toMatchObject({ path: '/', sameSite: 'strict' });
    expect(hp?.httpOnly).toBeFalsy();
    expect(sig).toMatchObject({ path: '/', sameSite: 'strict', httpOnly: true });

    const jwt = `${hp?.value}.${sig?.value}`;
    expect(decodeProtectedHeader(jwt).alg).toBe('HS256');
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({ sub: '1', email: 'owner@demo.test', roles: ['ROLE_USER'], account_id: 1 });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(8 * 3600);
  });

  it('[API-2] accepts application/ld+json, the app default content type', async () => {
    const res = await postJson(
      server.baseUrl,
      '/login_check',
      { email: 'owner@demo.test', password: DEMO_PASSWORD },
      { 'content-type': 'application/ld+json' },
    );
    expect(res.status).toBe(200);
  });

  it('[ERR-2] answers the same 401 for an unknown email and for a wrong password', async () => {
    const unknown = await postJson(server.baseUrl, '/login_check', { email: 'nobody@demo.test', password: DEMO_PASSWORD });
    const wrong = await postJson(server.baseUrl, '/login_check', { email: 'other@demo.test', password: 'Wrong-Password-1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [await unknown.text(), await wrong.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({
      violations: [{ propertyPath: '', message: 'Invalid credentials.', payload: { messageKey: 'error.backend.invalid_credentials' } }],
    });
    expect(setCookies(unknown)).toEqual([]);
  });

  it('[ERR-2] reveals not activated / disabled only after the password was verified', async () => {
    const pendingWrong = await postJson(server.baseUrl, '/login_check', { email: 'pending@demo.test', password: 'nope' });
    expect(pendingWrong.status).toBe(401);
    expect(await messageKeys(pendingWrong)).toEqual(['error.backend.invalid_credentials']);
    const disabledWrong = await postJson(server.baseUrl, '/login_check', { email: 'disabled@demo.test', password: 'nope' });
    expect(await messageKeys(disabledWrong)).toEqual(['error.backend.invalid_credentials']);

    const pending = await postJson(server.baseUrl, '/login_check', { email: 'pending@demo.test', password: DEMO_PASSWORD });
    expect(pending.status).toBe(400);
    expect(await messageKeys(pending)).toEqual(['error.backend.not_activated_user']);
    expect(setCookies(pending)).toEqual([]);
    const disabled = await postJson(server.baseUrl, '/login_check', { email: 'disabled@demo.test', password: DEMO_PASSWORD });
    expect(disabled.status).toBe(400);
    expect(await messageKeys(disabled)).toEqual(['error.backend.user_disabled']);
  });

  it('[API-2] validates the body with the shared login schema (400 with field paths)', async () => {
    const res = await postJson(server.baseUrl, '/login_check', { email: 'not-an-email', password: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { violations: { propertyPath: string }[] };
    expect(body.violations.map((v) => v.propertyPath).sort()).toEqual(['email', 'password']);
  });
});

describe('session guard', () => {
  it('[API-2] accepts a request carrying both cookies of a valid session', async () => {
    const res = await accountOf(await login(server.baseUrl, 'owner@demo.test'));
    expect(res.status).toBe(200);
  });

  it('[API-2] rejects a missing, forged or mismatched ci_s with 401 unauthorized', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const other = await login(server.baseUrl, 'other@demo.test');
    const hp = owner.split('; ').find((c) => c.startsWith('ci_hp=')) ?? '';
    const otherSig = other.split('; ').find((c) => c.startsWith('ci_s=')) ?? '';
    for (const cookies of [hp, `${hp}; ci_s=forged-signature`, `${hp}; ${otherSig}`, '']) {
      const res = await accountOf(cookies);
      expect(res.status).toBe(401);
      expect(await messageKeys(res)).toEqual(['error.backend.unauthorized']);
    }
  });

  it('[API-2] rejects a token signed with another secret (alg none / re-signed payload)', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const hp =
      owner
        .split('; ')
        .find((c) => c.startsWith('ci_hp='))
        ?.slice('ci_hp='.length) ?? '';
    const [, payload] = hp.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const res = await accountOf(`ci_hp=${noneHeader}.${payload}; ci_s=`);
    expect(res.status).toBe(401);
  });

  it('[API-2] rejects the session of a user disabled after login', async () => {
    const cookies = await login(server.baseUrl, 'other@demo.test');
    const other = server.store.rows<User>('users').find((u) => u.email === 'other@demo.test');
    if (other) other.status = 'disabled';
    server.store.write();
    const res = await fetch(`${server.baseUrl}/accounts/2`, { headers: { cookie: cookies } });
    expect(res.status).toBe(401);
    if (other) other.status = 'active';
    server.store.write();
  });
});

describe('POST /logout', () => {
  it('[ST-2] clears both cookies with 204', async () => {
    const cookies = await login(server.baseUrl, 'owner@demo.test');
    const res = await fetch(`${server.baseUrl}/logout`, { method: 'POST', headers: { cookie: cookies } });
    expect(res.status).toBe(204);
    const cleared = setCookies(res);
    expect(cleared.map((c) => c.name).sort()).toEqual(['ci_hp', 'ci_s']);
    for (const c of cleared) {
      expect(c.value).toBe('');
      expect(c.maxAge).toBe(0);
    }
    expect(cookieHeader(res)).toBe('ci_hp=; ci_s=');
    const after = await accountOf(cookieHeader(res));
    expect(after.status).toBe(401);
  });
});
