import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../seed';
import type { Finding, Scan } from '../../src/schemas/scanner';
import type { ComplianceReport } from '../../src/schemas/consentRecord';
import { login, messageKeys, postJson } from './http';
import { startTestServer, TEST_APP_ORIGIN, type TestServer } from './startTestServer';

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

  it('[BEYOND-4][SCAN-7] Demo Shop opens with findings in its triage inbox, accepted like any scan findings; the Help Center shows a failed scan', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    const get = async <T>(path: string): Promise<T> => (await (await fetch(`${server.baseUrl}${path}`, { headers: { cookie } })).json()) as T;
    const solutions = await get<{ id: number; name: string }[]>('/consent-solutions');
    const idOf = (name: string) => solutions.find((s) => s.name === name)?.id;
    const shop = idOf('Demo Shop');
    const inbox = await get<Finding[]>(`/consent-solutions/${shop}/triage`);
    expect(new Set(inbox.map((f) => f.id)).size).toBe(3);
    expect(inbox.map((f) => `${f.kind}:${f.name}`).sort()).toEqual(['changed:_fbp', 'new:_hjSessionUser_3912874', 'set_before_consent:_ga']);
    const [latest] = await get<Scan[]>(`/consent-solutions/${shop}/scans`);
    expect(latest).toMatchObject({ status: 'succeeded', partial: false, states: { before: { planned: 184 }, gpc: { planned: 20 } } });

    // The changed finding points at the listed cookie: accepting it updates that cookie's expiry.
    const changed = inbox.find((f) => f.kind === 'changed');
    const accepted = await fetch(`${server.baseUrl}/consent-solutions/${shop}/triage/accept`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: TEST_APP_ORIGIN },
      body: JSON.stringify({ ids: [changed?.id] }),
    });
    const acceptedBody = await accepted.text();
    expect(accepted.status, acceptedBody).toBe(200);
    const cookies = await get<{ name: string; expiryDays: number | null }[]>(`/cookies?consentSolutionId=${shop}`);
    expect(
      cookies.filter((c) => c.name === '_fbp').map((c) => c.expiryDays),
      acceptedBody,
    ).toEqual([180]);

    const failed = await get<Scan[]>(`/consent-solutions/${idOf('Help Center')}/scans`);
    expect(failed).toMatchObject([{ status: 'failed', failure: 'unreachable', canonicalDomain: 'help.demo-shop.com' }]);
  });

  it("[ROLE-4] the read-only demo login sees its account's consent solution, cookies and dashboard, and may change none of it", async () => {
    const cookie = await login(server.baseUrl, 'demo@demo.test');
    const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
      return { status: res.status, body: (await res.json()) as T };
    };
    const solutions = await get<{ id: number; name: string; domains: { canonicalDomain: string }[] }[]>('/consent-solutions');
    expect(solutions.body.map((s) => s.name)).toEqual(['Demo Store']);
    const [store] = solutions.body;
    expect(store?.domains.map((d) => d.canonicalDomain)).toEqual(['demo-store-readonly.com', 'demo-store-readonly.fr']);
    const cookies = await get<{ name: string; domain: string }[]>(`/cookies?consentSolutionId=${store?.id}`);
    expect(cookies.body.length).toBeGreaterThanOrEqual(10);
    expect(cookies.body.find((c) => c.name === '_ga')?.domain).toBe('.demo-store-readonly.com');
    const report = await get<ComplianceReport>('/reports/compliance');
    expect(report.status).toBe(200);
    expect(report.body.totals.decisions).toBeGreaterThan(100);
    expect(report.body.cookiesByCategory.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(0);
    const rename = await fetch(`${server.baseUrl}/consent-solutions/${store?.id}`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json', origin: TEST_APP_ORIGIN },
      body: JSON.stringify({ name: 'Mine now' }),
    });
    expect(rename.status).toBe(403);
  });

  it('[API-2] stores bcrypt hashes (cost ≥ 10) and a random JWT secret', () => {
    const state = server.store.state();
    expect(state.users.every((u) => /^\$2[aby]\$(1\d|[2-9]\d)\$/.test(u.passwordHash))).toBe(true);
    expect(state.meta.jwtSecret.length).toBeGreaterThanOrEqual(43);
  });
});
