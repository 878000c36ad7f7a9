import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTOR_SCALE, quote, type PriceTable } from '../../src/shared/pricing';
import { PRICE_TABLES } from '../rules/pricing';
import type { Account } from '../store/types';
import { caller, pairs, type Call } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

interface ApiTable {
  currency: string;
  version: string;
  depthMonthlyCents: Record<string, number>;
  frequencyFactor: Record<string, number>;
  planFactor: Record<string, number>;
  yearlyMonths: number;
}

interface QuoteJson {
  currency: string;
  lines: { type: string; scanDepth: number; scanFrequency: number; canonicalDomain?: string; charged: boolean; monthlyCents: number; yearlyCents: number }[];
  monthlyCents: number;
  yearlyCents: number;
  netCents: number;
}

const v2 = (): PriceTable => {
  const table = PRICE_TABLES.v2;
  if (!table) throw new Error('no v2 table');
  return table;
};

describe('GET /pricing', () => {
  it('[CONST-3] GET /pricing', async () => {
    const res = await owner<ApiTable>('GET', '/pricing');
    expect(res.status).toBe(200);
    // CONST-3: €9/€19/€49 per public domain per month; monthly ×1, weekly ×1.5, daily ×2.5,
    // no scan ×0.5; Professional ×1.6; a year is 10 months.
    expect(res.body).toEqual({
      currency: 'EUR',
      version: 'v2',
      depthMonthlyCents: { 500: 900, 5000: 1900, 15000: 4900 },
      frequencyFactor: { 1: 2.5, 7: 1.5, 30: 1, 0: 0.5 },
      planFactor: { essential: 1, professional: 1.6 },
      yearlyMonths: 10,
    });
    // It is the server's table, in the contract's wording.
    const table = v2();
    expect(res.body.depthMonthlyCents).toEqual(table.monthlyCentsPerPublicDomainByDepth);
    expect(res.body.frequencyFactor['7']).toBe(table.frequencyFactorsInBasisPoints.weekly / FACTOR_SCALE);

    // Read-only users see prices too; anonymous callers do not.
    expect((await (await caller(server.baseUrl, 'demo@demo.test'))('GET', '/pricing')).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/pricing`)).status).toBe(401);
    expect((await owner('GET', '/pricing?callback=x')).status).toBe(400);
  });

  it('[CONST-3] an account on an unknown pricing version gets the current table', async () => {
    const account = server.store.rows<Account>('accounts').find((a) => a.id === 2);
    if (!account) throw new Error('seed account 2 missing');
    account.subscription = { ...account.subscription, currentPricingVersion: 'v0-retired' };
    server.store.write();
    const other = await caller(server.baseUrl, 'other@demo.test');
    expect((await other<ApiTable>('GET', '/pricing')).body.version).toBe('v2');
  });
});

describe('POST /pricing/quote', () => {
  it('[PROD-4] quote charges only website domains', async () => {
    const domains = [
      { type: 'website', scanDepth: 5000, scanFrequency: 1, canonicalDomain: 'demo-shop.com' },
      { type: 'internal_alias', scanDepth: 15000, scanFrequency: 1 },
      { type: 'external_alias', scanDepth: 15000, scanFrequency: 7 },
      { type: 'website', scanDepth: 500, scanFrequency: 0 },
    ] as const;
    const res = await owner<QuoteJson>('POST', '/pricing/quote', { plan: 'professional', interval: 'year', domains });
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe('EUR');
    expect(res.body.lines.map((l) => [l.type, l.charged, l.monthlyCents])).toEqual([
      ['website', true, 7600], // 1900 × 2.5 × 1.6
      ['internal_alias', false, 0],
      ['external_alias', false, 0],
      ['website', true, 720], // 900 × 0.5 × 1.6
    ]);
    expect(res.body.lines[0]).toMatchObject(domains[0]);
    expect(res.body.lines[1]).not.toHaveProperty('canonicalDomain');
    expect([res.body.monthlyCents, res.body.yearlyCents, res.body.netCents]).toEqual([8320, 83200, 83200]);
    // Same answer as the shared quote() the app previews with.
    const shared = quote(
      v2(),
      domains.map((d) => ({ canonicalDomain: '', ...d })),
      'professional',
      'year',
    );
    expect(res.body.monthlyCents).toBe(shared.monthlyTotalCents);
    expect(res.body.yearlyCents).toBe(shared.yearlyTotalCents);

    const aliasesOnly = await owner<QuoteJson>('POST', '/pricing/quote', { plan: 'essential', interval: 'month', domains: domains.slice(1, 3) });
    expect([aliasesOnly.body.monthlyCents, aliasesOnly.body.yearlyCents]).toEqual([0, 0]);
    const none = await owner<QuoteJson>('POST', '/pricing/quote', { plan: 'essential', interval: 'month', domains: [] });
    expect([none.status, none.body.lines, none.body.monthlyCents]).toEqual([200, [], 0]);
  });

  it('[VAL-3] quote validates plan, interval and each domain on its field', async () => {
    const res = await owner('POST', '/pricing/quote', {
      plan: 'enterprise',
      interval: 'week',
      domains: [
        { type: 'website', scanDepth: 500, scanFrequency: 7 },
        { type: 'alias', scanDepth: 42, scanFrequency: 3 },
      ],
    });
    expect([res.status, pairs(res.body)]).toEqual([
      400,
      [
        ['plan', 'validation.plan_invalid'],
        ['interval', 'validation.billing_interval_invalid'],
        ['domains.1.type', 'validation.domain_type_invalid'],
        ['domains.1.scanDepth', 'validation.scan_depth_invalid'],
        ['domains.1.scanFrequency', 'validation.scan_frequency_invalid'],
      ],
    ]);
    const missing = await owner('POST', '/pricing/quote', { plan: 'essential', interval: 'month' });
    expect(pairs(missing.body)).toEqual([['domains', 'validation.required']]);
    const tooMany = await owner('POST', '/pricing/quote', {
      plan: 'essential',
      interval: 'month',
      domains: Array.from({ length: 1001 }, () => ({ type: 'website', scanDepth: 500, scanFrequency: 7 })),
    });
    expect(pairs(tooMany.body)).toEqual([['domains', 'validation.too_many_domains']]);
    expect((await owner('GET', '/pricing/quote')).status).toBe(405);
  });
});
