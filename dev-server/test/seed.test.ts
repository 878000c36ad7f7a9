import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../seed';
import { messageKeys, postJson } from './http';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('seed', () => {
  it('[API-2] every demo login works as printed (active users log in, pending/disabled are refused)', async () => {
    for (const demo of demoLogins) {
      const res = await postJson(server.baseUrl, '/login_check', { email: demo.email, password: demo.password });
      if (demo.status === 'active') {
        expect(res.status, demo.email).toBe(200);
        const body = (await res.json()) as { user: { roles: string[] } };
        expect(body.user.roles).toEqual(demo.roles);
      } else {
        expect(res.status, demo.email).toBe(400);
        expect(await messageKeys(res)).toEqual([demo.status === 'pending' ? 'error.backend.not_activated_user' : 'error.backend.user_disabled']);
      }
    }
  });

  it('[API-2] stores bcrypt hashes (cost ≥ 10) and a random JWT secret', () => {
    const state = server.store.state();
    expect(state.users.every((u) => /^\$2[aby]\$(1\d|[2-9]\d)\$/.test(u.passwordHash))).toBe(true);
    expect(state.meta.jwtSecret.length).toBeGreaterThanOrEqual(43);
  });
});
