import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageKeys, violationsOf } from './http';
import { devHeaders, startTestServer, type TestServer } from './startTestServer';
import { api, card, RENEWAL_DECLINED_CARD, subscribeBody, SUCCESS_CARD } from './subscriptionFixtures';

// A fresh seeded server per test: these tests move the clock and change account 1's subscription.
let server: TestServer;
let http: ReturnType<typeof api>;
beforeEach(async () => {
  server = await startTestServer();
  http = api(server);
});
afterEach(() => server.close());

interface SubscriptionView {
  status: string;
  relationState: string;
  paymentMethod: string | null;
  trialDaysLeft: number | null;
  billingCycleEnds: string | null;
  startDate: string;
  complianceDashboard: boolean;
  locks: Record<string, boolean>;
  payments: Array<{ kind: string; status: string; failure: string | null; amountCents: number }>;
  price: { totalCents: number };
  now: string;
}

const read = async (cookie: string, path = '/subscriptions'): Promise<SubscriptionView> => {
  const res = await http.get(path, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as SubscriptionView;
};

describe('trial and clock (ST-1)', () => {
  it('[ST-1] trial days left with the moved clock', async () => {
    let owner = await http.login('owner@demo.test');
    expect(await read(owner)).toMatchObject({ status: 'trial', trialDaysLeft: 14, relationState: 'stripe_based_not_started' });

    await http.advanceDays(10.5);
    owner = await http.login('owner@demo.test'); // sessions last 8 hours of (moved) time
    expect((await read(owner)).trialDaysLeft).toBe(4);

    await http.advanceDays(4);
    owner = await http.login('owner@demo.test');
    const over = await read(owner);
    // Still a trial, but over: the app shows the "trial expired" banner from trialEndsAt < now.
    expect(over).toMatchObject({ status: 'trial', trialDaysLeft: 0 });
    const account = (await (await http.get('/accounts/1', owner)).json()) as { subscription: { trialEndsAt: string } };
    expect(Date.parse(account.subscription.trialEndsAt)).toBeLessThan(Date.parse(over.now));

    const reset = await http.post('/dev/clock', '', { reset: true });
    expect(((await reset.json()) as { offsetDays: number }).offsetDays).toBe(0);
  });

  it('[ST-1] /dev/clock refuses bad bodies and does not exist outside dev mode', async () => {
    for (const body of [{ advanceDays: 'x' }, { advanceDays: 1e9 }, { reset: false }, { advanceDays: 1, reset: true }]) {
      const res = await http.post('/dev/clock', '', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageKeys(res)).toEqual(['validation.advance_days_invalid']);
    }
    const production = await startTestServer({ devMode: false });
    try {
      const res = await fetch(`${production.baseUrl}/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...devHeaders() },
        body: '{"advanceDays":30}',
      });
      expect(res.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('status transitions (ENT-5)', () => {
  it('[ENT-5] trial → active → waiting_for_payment → inactive → active → expiring → inactive', async () => {
    let owner = await http.login('owner@demo.test');
    // A card whose first payment succeeds and whose renewals are declined.
    const start = await http.post('/subscriptions', owner, subscribeBody({ payment: card(RENEWAL_DECLINED_CARD) }));
    expect(start.status).toBe(201);
    const active = (await start.json()) as SubscriptionView;
    expect(active).toMatchObject({ status: 'active', paymentMethod: 'stripe', relationState: 'stripe_based_started', trialDaysLeft: null });
    const periodDays = (Date.parse(active.billingCycleEnds ?? '') - Date.parse(active.now)) / 86_400_000;
    expect(periodDays).toBeGreaterThanOrEqual(28);
    expect(periodDays).toBeLessThanOrEqual(31);

    await http.advanceDays(32);
    owner = await http.login('owner@demo.test');
    const waiting = await read(owner);
    expect(waiting.status).toBe('waiting_for_payment');
    expect(waiting.payments.at(-1)).toMatchObject({ kind: 'renewal', status: 'failed', failure: 'card_declined' });
    // The banner reads the account: the same status there.
    const account = (await (await http.get('/accounts/1', owner)).json()) as { subscription: { status: string } };
    expect(account.subscription.status).toBe('waiting_for_payment');

    await http.advanceDays(15); // grace period of 14 days over
    owner = await http.login('owner@demo.test');
    expect((await read(owner)).status).toBe('inactive');

    // Paying again (new card) reactivates at once, for a new period from today.
    const again = await http.post('/subscriptions', owner, subscribeBody({ payment: card(SUCCESS_CARD) }));
    expect(again.status).toBe(200);
    expect(((await again.json()) as SubscriptionView).status).toBe('active');

    // A renewal on a good card keeps it active and charges the server's price.
    await http.advanceDays(31);
    owner = await http.login('owner@demo.test');
    const renewed = await read(owner);
    expect(renewed.status).toBe('active');
    expect(renewed.payments.at(-1)).toMatchObject({ kind: 'renewal', status: 'succeeded', amountCents: renewed.price.totalCents });

    // Cancelling: expiring until the paid period ends, then inactive.
    const cancel = await http.del('/subscriptions', owner);
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as SubscriptionView).status).toBe('expiring');
    expect(await messageKeys(await http.del('/subscriptions', owner))).toEqual(['error.backend.subscription_not_active']);
    await http.advanceDays(31);
    owner = await http.login('owner@demo.test');
    expect((await read(owner)).status).toBe('inactive');
  });

  it('[ENT-5] free plan and contract payment types: set by an admin, no card, renewals not charged', async () => {
    const owner = await http.login('owner@demo.test');
    const refused = await http.post('/subscriptions', owner, subscribeBody({ paymentMethod: 'free', payment: undefined }));
    expect(refused.status).toBe(403);
    expect(await violationsOf(refused)).toEqual([{ propertyPath: 'paymentMethod', messageKey: 'error.backend.permission_denied' }]);

    const admin = await http.login('admin@demo.test');
    const free = await http.post('/subscriptions/1', admin, { plan: 'professional', interval: 'year', domainsCount: 20, paymentMethod: 'free' });
    expect(free.status).toBe(201);
    expect(await free.json()).toMatchObject({ status: 'active', paymentMethod: 'free', relationState: 'not_related', card: null, payments: [] });

    for (const paymentMethod of ['individual', 'manual_stripe', 'external', 'stripe']) {
      const res = await http.patch('/accounts/1', admin, { paymentMethod });
      expect(res.status, paymentMethod).toBe(200);
    }
    const bad = await http.patch('/accounts/1', admin, { paymentMethod: 'paypal' });
    expect(bad.status).toBe(400);
    expect(await messageKeys(bad)).toEqual(['validation.payment_type_invalid']);

    // A contract customer (individual) renews without card charges.
    await http.patch('/accounts/1', admin, { paymentMethod: 'individual' });
    await http.advanceDays(370);
    const later = await read(await http.login('owner@demo.test'));
    expect(later).toMatchObject({ status: 'active', relationState: 'individual', payments: [] });
  });
});

describe('locks after the subscription started (ERR-2)', () => {
  it('[ERR-2] locks after subscription start', async () => {
    const owner = await http.login('owner@demo.test');
    // Before the start: the customer may switch the compliance dashboard, not the server-managed fields.
    const dashboard = await http.patch('/accounts/1', owner, { complianceDashboard: true, name: 'Demo Shop SARL' });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.json()).toMatchObject({ name: 'Demo Shop SARL', subscription: { products: ['consent', 'compliance_dashboard'] } });
    const statusBefore = await http.patch('/accounts/1', owner, { subscription: { status: 'active' } });
    expect(statusBefore.status).toBe(403);
    expect(await violationsOf(statusBefore)).toEqual([{ propertyPath: 'subscription.status', messageKey: 'error.backend.permission_denied' }]);

    expect((await http.post('/subscriptions', owner, subscribeBody())).status).toBe(201);
    expect((await read(owner)).locks).toEqual({ dates: true, status: true, complianceDashboard: true, paymentMethod: true });

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ subscription: { startDate: '2020-01-01T00:00:00Z' } }, 'subscription', 'error.backend.subscription_locked_dates'],
      [{ subscription: { billingCycleEnds: '2099-01-01T00:00:00Z' } }, 'subscription', 'error.backend.subscription_locked_dates'],
      [{ subscription: { trialEndsAt: null } }, 'subscription', 'error.backend.subscription_locked_dates'],
      [{ subscription: { status: 'inactive' } }, 'subscription.status', 'error.backend.subscription_locked_status'],
      [{ complianceDashboard: false }, 'complianceDashboard', 'error.backend.subscription_locked_compliance_dashboard'],
      [{ paymentMethod: 'individual' }, 'paymentMethod', 'error.backend.subscription_locked_payment_method'],
    ];
    for (const [body, propertyPath, messageKey] of cases) {
      const res = await http.patch('/accounts/1', owner, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(await violationsOf(res)).toEqual([{ propertyPath, messageKey }]);
    }
    // The same lock through the subscription endpoint; resending current values is no change.
    const viaSubscription = await http.post('/subscriptions', owner, subscribeBody({ paymentMethod: 'manual_stripe' }));
    expect(await violationsOf(viaSubscription)).toEqual([{ propertyPath: 'paymentMethod', messageKey: 'error.backend.subscription_locked_payment_method' }]);
    const current = (await (await http.get('/accounts/1', owner)).json()) as { paymentMethod: string; subscription: { status: string; startDate: string } };
    const same = await http.patch('/accounts/1', owner, {
      paymentMethod: current.paymentMethod,
      complianceDashboard: true,
      subscription: { status: current.subscription.status, startDate: current.subscription.startDate },
    });
    expect(same.status).toBe(200);

    // ROLE_ADMIN may still change them.
    const admin = await http.login('admin@demo.test');
    const adminEdit = await http.patch('/accounts/1', admin, {
      paymentMethod: 'external',
      complianceDashboard: false,
      subscription: { status: 'expiring', billingCycleEnds: '2099-01-01T00:00:00Z' },
    });
    expect(adminEdit.status).toBe(200);
    expect(await adminEdit.json()).toMatchObject({
      paymentMethod: 'external',
      subscription: { status: 'expiring', billingCycleEnds: '2099-01-01T00:00:00Z', products: ['consent'] },
    });

    const badDate = await http.patch('/accounts/1', admin, { subscription: { startDate: 'yesterday' } });
    expect(badDate.status).toBe(400);
    expect(await violationsOf(badDate)).toEqual([{ propertyPath: 'subscription.startDate', messageKey: 'validation.datetime_invalid' }]);
  });
});

describe('who may see and manage a subscription (ROLE-1, ROLE-3)', () => {
  it("[ROLE-3] another account's subscription refused", async () => {
    const owner = await http.login('owner@demo.test');
    const attempts = [
      http.get('/subscriptions/2', owner),
      http.post('/subscriptions/2', owner, subscribeBody()),
      http.post('/subscriptions/2/quote', owner, { plan: 'essential', interval: 'month' }),
      http.del('/subscriptions/2', owner),
      http.patch('/accounts/2', owner, { name: 'Mine now' }),
      http.get('/subscriptions/999', owner),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(await messageKeys(res)).toEqual(['error.backend.not_found']);
    }
    const agency = await http.login('agency@demo.test');
    expect((await http.get('/subscriptions/5', agency)).status).toBe(200);
    expect((await http.get('/subscriptions/1', agency)).status).toBe(404);
    expect((await http.get('/subscriptions', '')).status).toBe(401);
  });

  it('[ROLE-1] client and demo cannot manage subscriptions (403); the demo user reads it, an agency’s client does not', async () => {
    for (const email of ['client@demo.test', 'demo@demo.test']) {
      const cookie = await http.login(email);
      expect((await http.get('/subscriptions', cookie)).status, email).toBe(email.startsWith('client') ? 403 : 200);
      for (const res of [
        await http.post('/subscriptions', cookie, subscribeBody()),
        await http.del('/subscriptions', cookie),
        await http.patch(`/accounts/${email.startsWith('client') ? 5 : 3}`, cookie, { complianceDashboard: true }),
      ]) {
        expect(res.status, email).toBe(403);
        expect(await messageKeys(res)).toEqual(['error.backend.permission_denied']);
      }
    }
  });
});

describe('card data at rest (ST-4)', () => {
  it('[ST-4] card number never stored', async () => {
    const owner = await http.login('owner@demo.test');
    const res = await http.post('/subscriptions', owner, subscribeBody({ payment: { cardNumber: '4242-4242-4242-4242', expiry: '12/34', cvc: '987' } }));
    expect(res.status).toBe(201);
    const answer = await res.text();
    server.store.write();
    const db = readFileSync(server.dbFile, 'utf8');
    for (const text of [db, answer]) {
      expect(text).not.toMatch(/4242[\s-]?4242[\s-]?4242[\s-]?4242/);
      expect(text).not.toContain('"cvc"');
      expect(text).not.toContain('cardNumber');
    }
    // The only card data kept: the processor token, brand and last four (no CVC, which
    // a random token could contain by chance, so the stored shape is checked instead).
    const profiles = (JSON.parse(db) as { billingProfiles: Array<{ card: Record<string, unknown> }> }).billingProfiles;
    expect(profiles.map((p) => p.card)).toEqual([{ token: expect.stringMatching(/^pm_dev_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }]);
  });
});
