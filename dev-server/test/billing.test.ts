import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violationsOf } from './http';
import { startTestServer, type TestServer } from './startTestServer';
import { api, card, DECLINED_CARD, setDomains, subscribeBody, VALID_BILLING } from './subscriptionFixtures';

let server: TestServer;
let http: ReturnType<typeof api>;
let owner: string;
beforeAll(async () => {
  server = await startTestServer();
  http = api(server);
  owner = await http.login('owner@demo.test');
  // Account 1 (trial): three public domains with different settings and two free aliases.
  setDomains(server, 1, [
    { canonicalDomain: 'shop.example', type: 'website', scanDepth: 5000, scanFrequency: 1 },
    { canonicalDomain: 'blog.example', type: 'website', scanDepth: 500, scanFrequency: 0 },
    { canonicalDomain: 'big.example', type: 'website', scanDepth: 15000, scanFrequency: 30 },
    { canonicalDomain: 'staging.shop.example', type: 'internal_alias', scanDepth: 15000, scanFrequency: 1 },
    { canonicalDomain: 'preview.example', type: 'external_alias', scanDepth: 500, scanFrequency: 7 },
  ]);
});
afterAll(() => server.close());

interface Price {
  currency: string;
  lines: Array<{ canonicalDomain: string; type: string; charged: boolean; monthlyCents: number; yearlyCents: number }>;
  publicDomainCount: number;
  monthlyTotalCents: number;
  yearlyTotalCents: number;
  netCents: number;
  discountCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}

const quote = async (body: Record<string, unknown>): Promise<Price> => {
  const res = await http.post('/subscriptions/quote', owner, body);
  expect(res.status).toBe(200);
  return (await res.json()) as Price;
};

describe('subscription prices (CONST-3, PROD-4)', () => {
  it('[CONST-3] price for mixed domain types and settings', async () => {
    // Essential per month: 5000/daily 1900×2.5 = 4750; 500/no scan 900×0.5 = 450; 15000/monthly 4900; aliases 0.
    const essential = await quote({ plan: 'essential', interval: 'month', domainsCount: 3 });
    expect(essential.lines.map((l) => [l.canonicalDomain, l.charged, l.monthlyCents])).toEqual([
      ['shop.example', true, 4750],
      ['blog.example', true, 450],
      ['big.example', true, 4900],
      ['staging.shop.example', false, 0],
      ['preview.example', false, 0],
    ]);
    expect(essential).toMatchObject({ currency: 'EUR', publicDomainCount: 3, monthlyTotalCents: 10100, netCents: 10100, vatCents: 0, totalCents: 10100 });

    // Professional ×1.6, yearly = 10 months: 16 160 × 10.
    const professional = await quote({ plan: 'professional', interval: 'year', domainsCount: 3 });
    expect(professional).toMatchObject({ monthlyTotalCents: 16160, yearlyTotalCents: 161600, netCents: 161600 });

    // Two unused slots at the account defaults (500 pages, weekly): 900×1.5 = 1350 each per month.
    const withSlots = await quote({ plan: 'essential', interval: 'month', domainsCount: 5 });
    expect(withSlots.monthlyTotalCents).toBe(10100 + 2 * 1350);
    expect(withSlots.lines.filter((l) => l.canonicalDomain === '')).toHaveLength(2);

    // French customer: 20 % VAT, shown separately; WELCOME20 takes 20 % off the net first.
    const french = await quote({ plan: 'essential', interval: 'month', domainsCount: 3, country: 'FR', coupon: 'welcome20' });
    expect(french).toMatchObject({ netCents: 10100, discountCents: 2020, vatRate: 0.2, vatCents: 1616, totalCents: 9696 });
  });

  it('[CONST-3] a quote refuses bad choices and unknown or expired coupons', async () => {
    const bad = await http.post('/subscriptions/quote', owner, { plan: 'gold', interval: 'week' });
    expect(bad.status).toBe(400);
    expect(await violationsOf(bad)).toEqual([
      { propertyPath: 'plan', messageKey: 'validation.plan_invalid' },
      { propertyPath: 'interval', messageKey: 'validation.billing_interval_invalid' },
    ]);
    const expired = await http.post('/subscriptions/quote', owner, { plan: 'essential', interval: 'month', coupon: 'EXPIRED10' });
    expect(expired.status).toBe(400);
    expect(await violationsOf(expired)).toEqual([{ propertyPath: 'coupon', messageKey: 'validation.coupon_expired' }]);
  });
});

/**
 * One test per billing rule. The trial account pays with a declined card so that a request that
 * passes validation answers 402 (payment) instead of starting the subscription.
 */
const DE_BILLING = { ...VALID_BILLING, country: 'DE', phonePrefix: '+49', phoneNumber: '30 1234567', postalCode: '10115', city: 'Berlin' };
const long = (n: number) => 'x'.repeat(n);

const RULES: Array<[string, Record<string, unknown>, Array<{ propertyPath: string; messageKey: string }> | 'valid']> = [
  ['company name required', { companyName: '  ' }, [{ propertyPath: 'billing.companyName', messageKey: 'validation.company_name_required' }]],
  ['company name at most 255', { companyName: long(256) }, [{ propertyPath: 'billing.companyName', messageKey: 'validation.max_length_255' }]],
  ['invoice email required', { invoiceEmail: undefined }, [{ propertyPath: 'billing.invoiceEmail', messageKey: 'validation.email_required' }]],
  ['invoice email valid', { invoiceEmail: 'not-an-email' }, [{ propertyPath: 'billing.invoiceEmail', messageKey: 'validation.email_invalid' }]],
  ['invoice email at most 255', { invoiceEmail: `${long(251)}@x.fr` }, [{ propertyPath: 'billing.invoiceEmail', messageKey: 'validation.email_length' }]],
  ['address line 1 required', { addressLine1: '' }, [{ propertyPath: 'billing.addressLine1', messageKey: 'validation.address_required' }]],
  ['address line 1 at most 500', { addressLine1: long(501) }, [{ propertyPath: 'billing.addressLine1', messageKey: 'validation.max_length_500' }]],
  ['address line 2 optional', { addressLine2: '' }, 'valid'],
  ['address line 2 at most 500', { addressLine2: long(501) }, [{ propertyPath: 'billing.addressLine2', messageKey: 'validation.max_length_500' }]],
  ['postal code required', { postalCode: '' }, [{ propertyPath: 'billing.postalCode', messageKey: 'validation.postal_code_required' }]],
  ['postal code format', { postalCode: '75 001 !' }, [{ propertyPath: 'billing.postalCode', messageKey: 'validation.postal_code_invalid' }]],
  ['city required', { city: '' }, [{ propertyPath: 'billing.city', messageKey: 'validation.city_required' }]],
  ['city at most 255', { city: long(256) }, [{ propertyPath: 'billing.city', messageKey: 'validation.max_length_255' }]],
  ['country required', { country: '' }, [{ propertyPath: 'billing.country', messageKey: 'validation.country_required' }]],
  ['country ISO 3166 alpha-2', { country: 'FRA' }, [{ propertyPath: 'billing.country', messageKey: 'validation.country_invalid' }]],
  ['country must exist', { country: 'XX' }, [{ propertyPath: 'billing.country', messageKey: 'validation.country_invalid' }]],
  ['phone prefix required', { phonePrefix: '' }, [{ propertyPath: 'billing.phonePrefix', messageKey: 'validation.phone_prefix_required' }]],
  ['phone prefix matches the country', { phonePrefix: '+44' }, [{ propertyPath: 'billing.phonePrefix', messageKey: 'validation.phone_prefix_invalid' }]],
  ['phone number required', { phoneNumber: '' }, [{ propertyPath: 'billing.phoneNumber', messageKey: 'validation.phone_required' }]],
  ['phone number valid for the country', { phoneNumber: '12 34' }, [{ propertyPath: 'billing.phoneNumber', messageKey: 'validation.phone_invalid' }]],
  [
    'VAT number needed for an EU business outside France',
    { ...DE_BILLING },
    [{ propertyPath: 'billing.vatNumber', messageKey: 'validation.vat_number_required' }],
  ],
  [
    'VAT number format for the country',
    { ...DE_BILLING, vatNumber: 'DE123' },
    [{ propertyPath: 'billing.vatNumber', messageKey: 'validation.vat_number_invalid' }],
  ],
  [
    'VAT number of another country refused',
    { ...DE_BILLING, vatNumber: 'FR40303265045' },
    [{ propertyPath: 'billing.vatNumber', messageKey: 'validation.vat_number_invalid' }],
  ],
  ['valid VAT number accepted, prefix optional', { ...DE_BILLING, vatNumber: '136 695 976' }, 'valid'],
  ['VAT number optional in France and outside the EU', { country: 'US', phonePrefix: '+1', phoneNumber: '201 555 0123', postalCode: '10001' }, 'valid'],
  ['coupon format', { coupon: 'no spaces allowed' }, [{ propertyPath: 'billing.coupon', messageKey: 'validation.coupon_invalid' }]],
  ['coupon must exist', { coupon: 'NOPE99' }, [{ propertyPath: 'billing.coupon', messageKey: 'validation.coupon_unknown' }]],
  ['coupon not expired', { coupon: 'EXPIRED10' }, [{ propertyPath: 'billing.coupon', messageKey: 'validation.coupon_expired' }]],
  ['seeded coupon accepted', { coupon: 'WELCOME20' }, 'valid'],
];

describe('billing validation (VAL-3)', () => {
  it.each(RULES)('[VAL-3] each billing rule: %s', async (_rule, change, expected) => {
    const billing = { ...VALID_BILLING, ...change };
    const res = await http.post('/subscriptions', owner, subscribeBody({ billing, payment: card(DECLINED_CARD) }));
    if (expected === 'valid') {
      expect(res.status).toBe(402);
      expect(await violationsOf(res)).toEqual([{ propertyPath: 'payment.cardNumber', messageKey: 'error.backend.payment_declined' }]);
    } else {
      expect(res.status).toBe(400);
      expect(await violationsOf(res)).toEqual(expected);
    }
  });

  it('[VAL-3] reports every broken rule at once, with English messages', async () => {
    const res = await http.post(
      '/subscriptions',
      owner,
      subscribeBody({ billing: { ...DE_BILLING, companyName: '', invoiceEmail: 'x', phonePrefix: '+33' }, payment: card(DECLINED_CARD) }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { violations: Array<{ propertyPath: string; message: string; payload: { messageKey: string } }> };
    expect(body.violations.map((v) => v.propertyPath).sort()).toEqual(
      ['billing.companyName', 'billing.invoiceEmail', 'billing.phonePrefix', 'billing.vatNumber'].sort(),
    );
    expect(body.violations.find((v) => v.propertyPath === 'billing.vatNumber')?.message).toBe('A VAT number is needed.');
  });

  it('[VAL-3] billing details are required, and bad bodies answer 4xx, never 500', async () => {
    const missing = await http.post('/subscriptions', owner, { plan: 'essential', interval: 'month', domainsCount: 3, payment: card(DECLINED_CARD) });
    expect(missing.status).toBe(400);
    expect(await violationsOf(missing)).toEqual([{ propertyPath: 'billing', messageKey: 'validation.required' }]);
    for (const body of [
      { billing: 'x' },
      { billing: null, payment: 7 },
      { plan: ['essential'], domainsCount: '3' },
      { domainsCount: 0 },
      { domainsCount: 1001 },
    ]) {
      const res = await http.post('/subscriptions', owner, subscribeBody(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const notJson = await http.call('POST', '/subscriptions', owner, undefined);
    expect(notJson.status).toBe(400);
    const tooFew = await http.post('/subscriptions', owner, subscribeBody({ domainsCount: 2, payment: card(DECLINED_CARD) }));
    expect(await violationsOf(tooFew)).toEqual([{ propertyPath: 'domainsCount', messageKey: 'validation.domains_count_too_low' }]);
  });
});

// Last: it starts account 1's subscription, after which billing details are no longer required.
describe('the client never sets the price (PROD-4)', () => {
  it("[PROD-4] client's figure ignored", async () => {
    const expected = await quote({ plan: 'professional', interval: 'month', domainsCount: 3, country: 'FR' });
    const res = await http.post(
      '/subscriptions',
      owner,
      subscribeBody({ plan: 'professional', domainsCount: 3, totalCents: 1, netCents: 1, price: { totalCents: 1 }, amount: 0.01 }),
    );
    expect(res.status).toBe(201);
    const subscription = (await res.json()) as { price: Price; payments: Array<{ amountCents: number; status: string }> };
    expect(subscription.price.totalCents).toBe(expected.totalCents);
    // Earlier tests left declined attempts; the one successful charge is the server's figure.
    expect(subscription.payments.filter((p) => p.status === 'succeeded')).toEqual([expect.objectContaining({ amountCents: expected.totalCents })]);
    expect(expected.totalCents).toBe(16160 + 3232);
  });
});
