import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceReport } from '../../src/schemas/consentRecord';
import { caller, type Call } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/** The compliance dashboard's API (ROUTE-6, BEYOND-3) and the onboarding state (ROUTE-5). */

let server: TestServer;
let owner: Call;
let stranger: Call;
let client: Call;

beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  stranger = await caller(server.baseUrl, 'other@demo.test');
  client = await caller(server.baseUrl, 'client@demo.test');
});
afterAll(() => server.close());

describe('reports', () => {
  it('[ROUTE-6] the API returns an embed URL per account', async () => {
    const res = await owner<{ url: string; accountId: number }>('GET', '/reports/embed');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accountId: 1, url: '/reports/compliance' });
    expect((await client('GET', '/reports/embed')).status).toBe(403);
  });

  it('[BEYOND-3] the seeded history gives months of decisions, opt-in rates per category and cookies by category', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 119 * 86_400_000).toISOString().slice(0, 10);
    const res = await owner<ComplianceReport>('GET', `/reports/compliance?from=${from}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.body.daily).toHaveLength(120);
    expect(res.body.totals.decisions).toBeGreaterThan(500);
    const rate = res.body.totals.optIn.statistics ?? 0;
    expect(rate).toBeGreaterThan(0.2);
    expect(rate).toBeLessThan(0.9);
    expect(res.body.daily.filter((d) => d.decisions > 0).length).toBeGreaterThan(60);
    expect(res.body.cookiesByCategory.map((c) => c.category)).toEqual(['necessary', 'functional', 'statistics', 'marketing', 'unclassified']);
    expect(res.body.cookiesByCategory.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(0);
    expect(Array.isArray(res.body.scans)).toBe(true);

    const one = await owner<ComplianceReport>('GET', `/reports/compliance?consentSolutionId=2&from=${from}&to=${today}`);
    expect(one.body.totals.decisions).toBeGreaterThan(0);
    expect(one.body.totals.decisions).toBeLessThan(res.body.totals.decisions);
  });

  it('[BEYOND-3][ROLE-3] another account sees only its own (empty) data; foreign solutions answer 404', async () => {
    const res = await stranger<ComplianceReport>('GET', '/reports/compliance');
    expect(res.status).toBe(200);
    expect(res.body.totals.decisions).toBe(0);
    expect(res.body.daily).toHaveLength(90);
    expect((await stranger('GET', '/reports/compliance?consentSolutionId=1')).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/reports/compliance`)).status).toBe(401);
  });

  it('[BEYOND-3] bad queries answer violations, never 500', async () => {
    for (const query of [
      'from=2026-13-01',
      'to=yesterday',
      'from=2026-05-01&to=2026-04-01',
      'from=2020-01-01&to=2026-01-01',
      'consentSolutionId=x',
      'extra=1',
      'from=2026-02-30',
    ]) {
      const res = await owner<{ violations: unknown[] }>('GET', `/reports/compliance?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.violations.length, query).toBeGreaterThan(0);
    }
  });

  it('[ROUTE-5] the onboarding state is ticked from real data', async () => {
    const res = await owner<{ websiteAdded: boolean; templatePublished: boolean; scriptInstalled: boolean }>('GET', '/reports/onboarding');
    expect(res.body).toMatchObject({ websiteAdded: true, scriptInstalled: true });
    const other = await stranger<{ websiteAdded: boolean; templatePublished: boolean; scriptInstalled: boolean }>('GET', '/reports/onboarding');
    expect(other.body).toMatchObject({ websiteAdded: true, templatePublished: false, scriptInstalled: false });
  });
});

describe('reports with the scanner history', () => {
  it('[BEYOND-3][SCAN-4] finished scans of the account appear in the scan history with their findings without consent; running, failed and foreign ones do not', async () => {
    const today = new Date().toISOString();
    const scans = [
      {
        id: 9001,
        accountId: 1,
        consentSolutionId: 1,
        domainId: 1,
        canonicalDomain: 'demo-shop.com',
        status: 'succeeded',
        finishedAt: today,
        startedAt: today,
        cookies: [{}, {}, {}],
      },
      {
        id: 9002,
        accountId: 1,
        consentSolutionId: 1,
        domainId: 1,
        canonicalDomain: 'demo-shop.com',
        status: 'running',
        finishedAt: null,
        startedAt: today,
        cookies: [],
      },
      {
        id: 9003,
        accountId: 1,
        consentSolutionId: 1,
        domainId: 1,
        canonicalDomain: 'demo-shop.com',
        status: 'failed',
        finishedAt: today,
        startedAt: today,
        cookies: [],
      },
      {
        id: 9004,
        accountId: 2,
        consentSolutionId: 4,
        domainId: 999,
        canonicalDomain: 'other.example',
        status: 'succeeded',
        finishedAt: today,
        startedAt: today,
        cookies: [{}],
      },
    ];
    const state = server.store.state() as Record<string, unknown>;
    const before = state.scans;
    state.scans = [...(Array.isArray(before) ? (before as unknown[]) : []), ...scans];
    // SCAN-4: the scan's findings without consent are counted beside its cookies (not the cookie list's own findings).
    const findingsBefore = state.scanFindings;
    state.scanFindings = [
      ...(Array.isArray(findingsBefore) ? (findingsBefore as unknown[]) : []),
      { id: 9101, scanId: 9001, kind: 'storage_without_consent' },
      { id: 9102, scanId: 9001, kind: 'request_without_consent' },
      { id: 9103, scanId: 9001, kind: 'new' },
    ];
    try {
      const res = await owner<ComplianceReport>('GET', '/reports/compliance?consentSolutionId=1');
      expect(res.body.scans).toContainEqual({ date: today.slice(0, 10), domain: 'demo-shop.com', cookiesFound: 3, complianceFindings: 2 });
      expect(res.body.scans.filter((s) => s.domain === 'other.example')).toEqual([]);
      expect(res.body.scans.filter((s) => s.cookiesFound === 0 && s.domain === 'demo-shop.com')).toEqual([]);
    } finally {
      state.scanFindings = findingsBefore;
      state.scans = before;
    }
  });
});
