import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, messageKeys } from './http';
import { devHeaders, startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// Seed ids: 1 Demo Shop, 2 Other Company, 3 Demo Read-only, 4 Pixel Agency,
// 5 Client Bakery (client of 4), 6 Client Garage (client of 4), 7 Operations.
const get = (id: number | string, cookie: string) => fetch(`${server.baseUrl}/accounts/${id}`, { headers: { cookie } });

describe('GET /accounts/:id', () => {
  it('[API-5] returns the caller’s own account with the documented fields', async () => {
    const res = await get(1, await login(server.baseUrl, 'owner@demo.test'));
    expect(res.status).toBe(200);
    const account = (await res.json()) as Record<string, unknown> & { subscription: Record<string, unknown> };
    expect(Object.keys(account).sort()).toEqual(['date', 'id', 'name', 'now', 'paymentMethod', 'stripeSubscriptionId', 'subscription'].sort());
    expect(account).toMatchObject({ id: 1, name: 'Demo Shop', paymentMethod: 'stripe' });
    expect(account.subscription).toMatchObject({
      status: 'trial',
      subscriptionType: 'trial',
      currentPricingVersion: 'v2',
      defaultDomainSettings: { scan_depth: 500, scan_frequency: 7 },
      domainSlots: 20,
      actions: 25000,
      currency: 'EUR',
      products: ['consent'],
    });
    const trialDays = (Date.parse(String(account.subscription.trialEndsAt)) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13);
    expect(trialDays).toBeLessThanOrEqual(14);
    for (const key of ['billingCycle', 'billingCycleEnds', 'lastSubscriptionDetailsChange', 'lastSubscriptionTypeChange', 'startDate']) {
      expect(account.subscription).toHaveProperty(key);
    }
  });

  it('[ST-1] counts the trial on the server’s clock: trialDaysLeft and now follow POST /dev/clock', async () => {
    const read = async (cookie: string) => (await (await get(1, cookie)).json()) as { now: string; subscription: { trialDaysLeft: number | null } };
    const before = await read(await login(server.baseUrl, 'owner@demo.test'));
    expect(before.subscription.trialDaysLeft).toBe(14);
    expect(Math.abs(Date.parse(before.now) - Date.now())).toBeLessThan(60_000);
    const clock = (body: unknown) =>
      fetch(`${server.baseUrl}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json', ...devHeaders() }, body: JSON.stringify(body) });
    try {
      expect((await clock({ advanceDays: 10.5 })).status).toBe(200);
      // A session lasts hours: sign in again on the moved clock.
      const later = await read(await login(server.baseUrl, 'owner@demo.test'));
      expect(Date.parse(later.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(10.5 * 86_400_000);
      expect(later.subscription.trialDaysLeft).toBe(4);
      expect((await clock({ advanceDays: 5 })).status).toBe(200);
      expect((await read(await login(server.baseUrl, 'owner@demo.test'))).subscription.trialDaysLeft).toBe(0);
    } finally {
      await clock({ reset: true });
    }
    const other = (await (await get(4, await login(server.baseUrl, 'agency@demo.test'))).json()) as { subscription: { trialDaysLeft: number | null } };
    expect(other.subscription.trialDaysLeft).toBeNull();
  });

  it('[API-5] answers 401 unauthorized without a session', async () => {
    const res = await get(1, '');
    expect(res.status).toBe(401);
    expect(await messageKeys(res)).toEqual(['error.backend.unauthorized']);
  });

  it('[ROLE-3] answers 404 (no existence leak) for another account and for a missing one', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    const other = await get(2, cookie);
    const missing = await get(999, cookie);
    const junk = await get('abc', cookie);
    expect([other.status, missing.status, junk.status]).toEqual([404, 404, 404]);
    const bodies = [await other.text(), await missing.text(), await junk.text()];
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({
      violations: [{ propertyPath: '', message: 'Not found.', payload: { messageKey: 'error.backend.not_found' } }],
    });
  });

  it('[ROLE-3] lets an agency read its own and its client accounts only', async () => {
    const cookie = await login(server.baseUrl, 'agency@demo.test');
    expect((await get(4, cookie)).status).toBe(200);
    expect((await get(5, cookie)).status).toBe(200);
    expect((await get(6, cookie)).status).toBe(200);
    expect((await get(1, cookie)).status).toBe(404);
    expect((await get(7, cookie)).status).toBe(404);
  });

  it('[ROLE-3] a client reads only its own account, not its agency or sibling client', async () => {
    const cookie = await login(server.baseUrl, 'client@demo.test');
    expect((await get(5, cookie)).status).toBe(200);
    expect((await get(4, cookie)).status).toBe(404);
    expect((await get(6, cookie)).status).toBe(404);
  });

  it('[ROLE-1] an agency’s client does not see its billing: no subscription, prices or payment details anywhere', async () => {
    const client = await login(server.baseUrl, 'client@demo.test');
    const account = await get(5, client);
    expect(await account.json()).toEqual({
      id: 5,
      name: 'Client Bakery',
      date: expect.any(String),
      subscription: { defaultDomainSettings: { scan_depth: 500, scan_frequency: 7 } },
    });
    for (const [method, path] of [
      ['GET', '/subscriptions'],
      ['GET', '/subscriptions/5'],
      ['POST', '/subscriptions/quote'],
      ['GET', '/pricing'],
      ['POST', '/pricing/quote'],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { cookie: client, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect([res.status, await messageKeys(res)], path).toEqual([403, ['error.backend.permission_denied']]);
    }
    // The agency that pays sees the client's billing.
    const agency = await (await get(5, await login(server.baseUrl, 'agency@demo.test'))).json();
    expect(agency).toHaveProperty('subscription.status');
    expect(agency).toHaveProperty('paymentMethod');
  });

  it('[ROLE-3] lets an admin read every account', async () => {
    const cookie = await login(server.baseUrl, 'admin@demo.test');
    for (const id of [1, 2, 3, 4, 5, 6, 7]) expect((await get(id, cookie)).status).toBe(200);
    expect((await get(999, cookie)).status).toBe(404);
  });
});
