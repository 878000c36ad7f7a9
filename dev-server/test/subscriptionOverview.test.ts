import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violationsOf } from './http';
import { startTestServer, type TestServer } from './startTestServer';
import { api, card, RENEWAL_DECLINED_CARD, subscribeBody, SUCCESS_CARD, VALID_BILLING } from './subscriptionFixtures';

/**
 * PAY-1 over HTTP: what the subscription overview reads and changes. One server for the file;
 * the tests run in order and follow one account (Demo Shop) through a year of its billing:
 * first payment, a change previewed then made, a refused renewal, a new card, cancellation.
 */

interface Price {
  plan: string;
  interval: string;
  domainsCount: number;
  totalCents: number;
  vatCents: number;
  netCents: number;
}
interface View {
  status: string;
  plan: string;
  interval: string;
  domainsCount: number;
  billingCycleEnds: string;
  startDate: string;
  card: { brand: string; last4: string; expMonth: number | null; expYear: number | null } | null;
  price: Price;
  nextCharge: { at: string; amountCents: number; currency: string } | null;
  payments: unknown[];
  now: string;
}
interface Summary {
  id: number;
  number: string;
  issuedAt: string;
  periodStart: string;
  periodEnd: string;
  totalCents: number;
}
interface Preview {
  current: Price;
  next: Price;
  chargedNowCents: number;
  nextChargeAt: string;
  nextChargeCents: number;
  currency: string;
}

const EXPIRED_CARD = '4000 0000 0000 0069';

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: string;
beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  owner = await http.login('owner@demo.test');
});
afterAll(() => server.close());

const view = async (): Promise<View> => (await (await http.get('/subscriptions', owner)).json()) as View;
const invoices = async (): Promise<Summary[]> => {
  const res = await http.get('/invoices', owner);
  expect(res.status).toBe(200);
  return (await res.json()) as Summary[];
};
const later = async (days: number) => {
  await http.advanceDays(days);
  owner = await http.login('owner@demo.test'); // sessions last 8 hours of (moved) time
};
const putCard = (cardNumber: string) => http.call('PUT', '/subscriptions/card', owner, { payment: card(cardNumber) });

describe('subscription overview (PAY-1)', () => {
  it('[PAY-1] the first payment issues an invoice: listed, read, and downloadable in English and French', async () => {
    expect(await invoices()).toEqual([]);
    const companyName = 'Demo <b>Shop</b> & Co';
    const started = await http.post(
      '/subscriptions',
      owner,
      subscribeBody({ payment: card(RENEWAL_DECLINED_CARD), billing: { ...VALID_BILLING, companyName } }),
    );
    expect(started.status).toBe(201);
    const subscribed = (await started.json()) as View;
    expect(subscribed.card).toEqual({ brand: 'visa', last4: '0341', expMonth: 12, expYear: 2034 });
    expect(subscribed.nextCharge).toEqual({ at: subscribed.billingCycleEnds, amountCents: subscribed.price.totalCents, currency: 'EUR' });

    const list = await invoices();
    expect(list).toHaveLength(1);
    const [first] = list as [Summary];
    expect(first.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(first).toMatchObject({ totalCents: subscribed.price.totalCents, periodStart: subscribed.startDate, periodEnd: subscribed.billingCycleEnds });

    const detail = (await (await http.get(`/invoices/${first.id}`, owner)).json()) as Summary & {
      lines: unknown[];
      vatRate: number;
      vatCents: number;
      netCents: number;
    };
    // A French customer: 20 % VAT on the net; one line per charged slot.
    expect(detail).toMatchObject({ vatRate: 0.2, vatCents: subscribed.price.vatCents, netCents: subscribed.price.netCents });
    expect(detail.lines).toHaveLength(20);
    expect(detail.netCents + detail.vatCents).toBe(detail.totalCents);

    const english = await http.get(`/invoices/${first.id}/document`, owner);
    expect(english.status).toBe(200);
    expect(english.headers.get('content-type')).toMatch(/^text\/html/);
    expect(english.headers.get('content-disposition')).toBe(`attachment; filename="${first.number}.html"`);
    expect(english.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const html = await english.text();
    expect(html).toContain(`<title>Invoice ${first.number}</title>`);
    expect(html).toContain('Demo &lt;b&gt;Shop&lt;/b&gt; &amp; Co');
    expect(html).not.toContain('<b>Shop</b>');
    expect(html).toContain('VISA ending in 0341');

    const french = await (await http.get(`/invoices/${first.id}/document?lang=fr`, owner)).text();
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain('Facture');
    expect(french).toContain('Sous-total (HT)');

    const badLanguage = await http.get(`/invoices/${first.id}/document?lang=de`, owner);
    expect(badLanguage.status).toBe(400);
    expect(await violationsOf(badLanguage)).toEqual([{ propertyPath: 'lang', messageKey: 'validation.invalid_value' }]);
    expect((await http.get(`/invoices/${first.id}/document?lang=en&x=1`, owner)).status).toBe(400);

    // Another account's invoices are not the caller's: its own list is empty, and the id answers 404.
    const other = await http.login('other@demo.test');
    expect(await (await http.get('/invoices', other)).json()).toEqual([]);
    expect((await http.get(`/invoices/${first.id}`, other)).status).toBe(404);
    expect((await http.get(`/invoices/${first.id}/document`, other)).status).toBe(404);
  });

  it('[PAY-1] a change is previewed with its price and dates, charges nothing within the paid period, and applies as previewed', async () => {
    const before = await view();
    const paymentsBefore = before.payments.length;
    const change = { plan: 'professional', interval: 'year', domainsCount: 25 };
    const res = await http.post('/subscriptions/preview', owner, change);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as Preview;
    expect(preview.current.totalCents).toBe(before.price.totalCents);
    expect(preview.next).toMatchObject({ plan: 'professional', interval: 'year', domainsCount: 25 });
    expect(preview.next.totalCents).toBeGreaterThan(preview.current.totalCents);
    // Decision: no proration; the new price is charged at the end of the paid period.
    expect(preview).toMatchObject({ chargedNowCents: 0, nextChargeAt: before.billingCycleEnds, nextChargeCents: preview.next.totalCents, currency: 'EUR' });

    // The preview is a read: nothing changed, nothing charged.
    expect(await view()).toMatchObject({ plan: before.plan, interval: before.interval, domainsCount: before.domainsCount });

    const tooFew = await http.post('/subscriptions/preview', owner, { ...change, domainsCount: 0 });
    expect(tooFew.status).toBe(400);
    expect((await violationsOf(tooFew)).map((v) => v.propertyPath)).toEqual(['domainsCount']);

    const made = await http.post('/subscriptions', owner, change);
    expect(made.status).toBe(200);
    const after = (await made.json()) as View;
    expect(after).toMatchObject({ plan: 'professional', interval: 'year', domainsCount: 25, billingCycleEnds: before.billingCycleEnds });
    expect(after.price.totalCents).toBe(preview.next.totalCents);
    expect(after.nextCharge).toEqual({ at: preview.nextChargeAt, amountCents: preview.nextChargeCents, currency: 'EUR' });
    expect(after.payments).toHaveLength(paymentsBefore);
    expect(await invoices()).toHaveLength(1);

    // Back to monthly for the renewals below.
    expect((await http.post('/subscriptions', owner, { plan: 'essential', interval: 'month', domainsCount: 20 })).status).toBe(200);
  });

  it('[PAY-1] a refused renewal issues no invoice; a new card pays it at once and starts a new period with its invoice', async () => {
    // The processor checks a new card before it is stored: an expired one changes nothing.
    const refused = await putCard(EXPIRED_CARD);
    expect(refused.status).toBe(402);
    expect(await violationsOf(refused)).toEqual([{ propertyPath: 'payment.expiry', messageKey: 'error.backend.payment_expired_card' }]);
    expect((await view()).card?.last4).toBe('0341');

    const { billingCycleEnds } = await view();
    await later(31);
    const waiting = await view();
    expect(waiting.status).toBe('waiting_for_payment');
    expect(waiting.nextCharge).toBeNull();
    expect(await invoices()).toHaveLength(1);

    const paid = await putCard('5555 5555 5555 4444');
    expect(paid.status).toBe(200);
    const active = (await paid.json()) as View;
    expect(active).toMatchObject({ status: 'active', card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 } });
    expect(Date.parse(active.billingCycleEnds)).toBeGreaterThan(Date.parse(billingCycleEnds));
    const list = await invoices();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ periodEnd: active.billingCycleEnds, totalCents: active.price.totalCents });
    // The new period starts with the payment (the moment the answer was built, give or take the request).
    expect(Date.parse(active.now) - Date.parse(list[0]?.periodStart ?? '')).toBeLessThan(5_000);

    // The next renewal goes to the new card and is invoiced for the period it pays.
    await later(31);
    const renewed = await view();
    expect(renewed.status).toBe('active');
    const afterRenewal = await invoices();
    expect(afterRenewal).toHaveLength(3);
    expect(afterRenewal[0]?.periodStart).toBe(active.billingCycleEnds);
    expect(afterRenewal[0]?.periodEnd).toBe(renewed.billingCycleEnds);
    // Numbers are consecutive and never reused.
    expect(new Set(afterRenewal.map((i) => i.number)).size).toBe(3);

    // Every missing field is named at once, as in the wizard.
    const incomplete = await http.call('PUT', '/subscriptions/card', owner, { payment: { cardNumber: SUCCESS_CARD } });
    expect(incomplete.status).toBe(400);
    expect((await violationsOf(incomplete)).map((v) => v.propertyPath)).toEqual(['payment.expiry', 'payment.cvc']);
  });

  it('[PAY-1] cancelling keeps the paid period and ends the charges', async () => {
    const before = await view();
    const res = await http.del('/subscriptions', owner);
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as View;
    expect(cancelled).toMatchObject({ status: 'expiring', billingCycleEnds: before.billingCycleEnds, nextCharge: null });
    expect((await putCard(SUCCESS_CARD)).status).toBe(200);
    await later(31);
    expect((await view()).status).toBe('inactive');
    expect(await invoices()).toHaveLength(3);
    expect((await putCard(SUCCESS_CARD)).status).toBe(409);
  });
});
