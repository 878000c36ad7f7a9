import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScannerStatus } from '../../src/schemas/scanner';
import type { FindingRow, HealthCheckRow, ScanRow } from '../scanner/types';
import type { CookieRow, DomainRow } from '../store/types';
import { createBody, type DomainJson } from './consentApi';
import { startFixtureSite, type FixtureSite } from './fixtures/sites/siteServer';
import { login, messageKeys } from './http';
import { proveDomain, startTestServer, type TestServer } from './startTestServer';

/**
 * BEYOND-4 / BEYOND-8 / ENT-1: the scanner crawls fixture sites on 127.0.0.1 with a real
 * headless Chromium (every host name mapped to 127.0.0.1, the fixture's port in the start URL).
 * Scans are kept small: two pages, short timeouts.
 */

let site: FixtureSite;
let server: TestServer;
let owner = '';
let sequence = 0;

const api = async <T>(method: string, path: string, body?: unknown, cookie = owner): Promise<{ status: number; json: T }> => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? null : JSON.parse(text)) as T };
};

/**
 * A new consent solution with one domain served by the fixture site, its control proved through
 * the real route (DEPLOY-4): the site publishes the claim's token in its well-known file.
 */
const newSite = async (prefix = 'shop'): Promise<{ csId: number; domainId: number; domain: string }> => {
  sequence += 1;
  const domain = `${prefix}-${sequence}-${Date.now()}.com`;
  const created = await api<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', createBody(domain));
  expect(created.status).toBe(201);
  const csId = created.json.id;
  const domainId = created.json.domains[0]?.id as number;
  site.solutions.set(domain, csId);
  site.verificationTokens.set(domain, (await api<DomainJson>('GET', `/domains/${domainId}`)).json.verification.token);
  const verified = await api<DomainJson>('POST', `/domains/${domainId}/verify`);
  expect([verified.status, verified.json.verification.method]).toEqual([200, 'file']);
  // The pages load the banner: published, so the scanner decides with it (SCAN-4: no banner, no "accept").
  expect((await api('POST', `/consent-solutions/${csId}/publish`, { needsReconsent: false })).status).toBe(201);
  return { csId, domainId, domain };
};

const scanNow = async (domainId: number): Promise<ScanRow> => {
  const started = await api<ScanRow>('POST', `/domains/${domainId}/scans`);
  expect(started.status).toBe(202);
  await server.scanner.idle();
  return (await api<ScanRow>('GET', `/domains/${domainId}/scans/latest`)).json;
};

beforeAll(async () => {
  site = await startFixtureSite();
  server = await startTestServer({
    scanner: {
      baseUrl: `http://{domain}:${site.port}/`,
      maxPages: 2,
      sampleSize: 1,
      // A `nowhere-` name resolves to nothing: a site that is gone.
      hostResolverRules: 'MAP nowhere-* ~NOTFOUND, MAP * 127.0.0.1',
      allowLoopbackPorts: [site.port],
    },
    domainVerification: { testOnly: { fileBaseUrl: `http://{domain}:${site.port}`, loopbackPort: site.port } },
  });
  // The pages load their banner from the API, whose port is known only now.
  site.apiUrl = server.baseUrl;
  owner = await login(server.baseUrl, 'owner@demo.test');
}, 30_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe('cookie scanner', () => {
  it('[BEYOND-4][ENT-1] a scan finds the three cookies, flags the one set before consent, respects the depth and updates the domain', async () => {
    const { domainId } = await newSite();
    const status = await api<{ available: boolean }>('GET', '/scanner/status');
    expect(status.json.available).toBe(true);

    const scan = await scanNow(domainId);
    expect(scan.status, scan.failureDetail ?? '').toBe('succeeded');
    const byName = new Map(scan.cookies.map((c) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(['PHPSESSID', '_fbp', '_ga']);
    expect(byName.get('_ga')?.setBeforeConsent).toBe(true);
    expect(byName.get('_fbp')?.setBeforeConsent).toBe(false);
    expect(byName.get('PHPSESSID')?.expiryDays).toBeNull();
    expect(byName.get('_ga')?.expiryDays).toBeGreaterThan(390);
    // Depth 2: page 3 (deep_cookie) is never visited. Both pages before consent and accepted, the first one also rejected and with GPC.
    expect(byName.has('deep_cookie')).toBe(false);
    expect(scan.states).toEqual({
      before: { planned: 2, visited: 2, failed: 0, cookies: 2 },
      accept: { planned: 2, visited: 2, failed: 0, cookies: 3 },
      reject: { planned: 1, visited: 1, failed: 0, cookies: expect.any(Number) },
      gpc: { planned: 1, visited: 1, failed: 0, cookies: 1 },
    });
    expect(scan.pagesVisited).toBe(6);
    expect(scan.pagesPlanned).toBe(6);
    expect(scan.partial).toBe(false);

    const domain = (await api<DomainRow>('GET', `/domains/${domainId}`)).json;
    expect(domain.status).toBe('active');
    expect(domain.cookiesFound).toBe(3);
    expect(domain.lastScanAt).not.toBeNull();
  }, 240_000);

  it('[BEYOND-4] triage: new findings with database categories, bulk accept creates scanner cookies, then gone / changed / set before consent', async () => {
    const { csId, domainId, domain } = await newSite();
    await scanNow(domainId);
    const inbox = await api<FindingRow[]>('GET', `/consent-solutions/${csId}/triage`);
    expect(inbox.status).toBe(200);
    const categories = Object.fromEntries(inbox.json.map((f) => [f.name, [f.kind, f.suggestedCategory, f.setBeforeConsent]]));
    expect(categories).toEqual({
      _ga: ['new', 'statistics', true],
      _fbp: ['new', 'marketing', false],
      // Set on page 2 in phase one, before consent: a necessary cookie may be.
      PHPSESSID: ['new', 'necessary', true],
    });

    const accepted = await api<{ accepted: number[]; cookies: CookieRow[] }>('POST', `/consent-solutions/${csId}/triage/accept`, {
      ids: inbox.json.map((f) => f.id),
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.cookies).toHaveLength(3);
    const listed = (await api<CookieRow[]>('GET', `/cookies?consentSolutionId=${csId}`)).json;
    expect(listed.map((c) => [c.name, c.category, c.source]).sort()).toEqual([
      ['PHPSESSID', 'necessary', 'scanner'],
      ['_fbp', 'marketing', 'scanner'],
      ['_ga', 'statistics', 'scanner'],
    ]);
    expect(listed.find((c) => c.name === '_ga')?.dataProcessor?.name).toBe('Google');
    expect((await api<FindingRow[]>('GET', `/consent-solutions/${csId}/triage`)).json).toEqual([]);

    // A cookie the site no longer sets, and a stored expiry that differs from the site's.
    const gone = await api<CookieRow>('POST', '/cookies', { consentSolutionId: csId, name: 'old_cookie', domain, category: 'functional' });
    expect(gone.status).toBe(201);
    const fbp = listed.find((c) => c.name === '_fbp') as CookieRow;
    expect((await api('PATCH', `/cookies/${fbp.id}`, { expiryDays: 5 })).status).toBe(200);

    await scanNow(domainId);
    const found = (await api<FindingRow[]>('GET', `/consent-solutions/${csId}/triage`)).json;
    // SCAN-4: the fixture sets its cookies whatever the visitor chose, so after "reject all" and
    // with GPC they are compliance findings too, beside the cookie list's own.
    expect([...new Set(found.filter((f) => f.kind === 'cookie_without_consent').map((f) => f.name))].sort()).toEqual(['_fbp', '_ga']);
    const second = found.filter((f) => f.kind !== 'cookie_without_consent');
    const kinds = second.map((f) => `${f.kind}:${f.name}`).sort();
    expect(kinds).toEqual(['changed:_fbp', 'gone:old_cookie', 'set_before_consent:_ga']);
    expect(second.find((f) => f.kind === 'changed')?.changes).toEqual(['expiryDays']);

    const dismiss = second.find((f) => f.kind === 'set_before_consent') as FindingRow;
    expect((await api('POST', `/consent-solutions/${csId}/triage/dismiss`, { ids: [dismiss.id] })).status).toBe(200);
    const rest = second.filter((f) => f.id !== dismiss.id).map((f) => f.id);
    expect((await api('POST', `/consent-solutions/${csId}/triage/accept`, { ids: rest })).status).toBe(200);
    const after = (await api<CookieRow[]>('GET', `/cookies?consentSolutionId=${csId}`)).json;
    expect(after.map((c) => c.name).sort()).toEqual(['PHPSESSID', '_fbp', '_ga']);
    expect(after.find((c) => c.name === '_fbp')?.expiryDays).toBeGreaterThan(80);

    // Handled findings cannot be handled twice; an empty selection is refused.
    const twice = await fetch(`${server.baseUrl}/consent-solutions/${csId}/triage/accept`, {
      method: 'POST',
      headers: { cookie: owner, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [dismiss.id] }),
    });
    expect(twice.status).toBe(400);
    expect(await messageKeys(twice)).toEqual(['validation.finding_unknown']);
    expect((await api('POST', `/consent-solutions/${csId}/triage/accept`, { ids: [] })).status).toBe(400);
  }, 240_000);

  it('[BEYOND-8][BEYOND-4] the installation health check reads the script tag, its order, the banner and cookies before consent; a scan clicks the banner’s accept button', async () => {
    const { csId, domainId } = await newSite();
    const started = await api<HealthCheckRow>('POST', `/domains/${domainId}/health-check`);
    expect(started.status).toBe(202);
    await server.scanner.idle();
    const check = (await api<HealthCheckRow>('GET', `/domains/${domainId}/health-check`)).json;
    expect(check.status, check.failureDetail ?? '').toBe('succeeded');
    expect(check.scriptPresent).toBe(true);
    expect(check.loadedFirst).toBe(true);
    expect(check.bannerShown).toBe(true);
    expect(check.cookiesBeforeConsent).toEqual(['_ga']);
    expect(check.healthy).toBe(false);
    const list = await api<HealthCheckRow[]>('GET', `/consent-solutions/${csId}/health-checks`);
    expect(list.json.map((c) => c.id)).toEqual([check.id]);

    // The scan gives consent by clicking the published banner's accept button.
    const scan = await scanNow(domainId);
    expect(scan.cookies.map((c) => `${c.name}:${c.setBeforeConsent}`).sort()).toEqual(['PHPSESSID:true', '_fbp:false', '_ga:true']);
    // The scanner's clicks are not visitors' decisions: no consent record reaches the API.
    expect((await server.context.consentLog.list({ accountId: 1, consentSolutionId: csId, limit: 10, offset: 0 })).rows).toEqual([]);
  }, 240_000);

  it('[BEYOND-4][SCAN-7] one crawl at a time per worker: a second domain waits in the queue with its position; a domain already queued answers 409', async () => {
    const a = await newSite();
    const b = await newSite();
    expect((await api('POST', `/domains/${a.domainId}/scans`)).status).toBe(202);
    const queued = await api<ScanRow>('POST', `/domains/${b.domainId}/scans`);
    expect(queued.status).toBe(202);
    const again = await fetch(`${server.baseUrl}/domains/${b.domainId}/scans`, { method: 'POST', headers: { cookie: owner } });
    expect(again.status).toBe(409);
    expect(await messageKeys(again)).toEqual(['error.backend.scan_in_progress']);
    // The worker polls the queue: the first scan starts within a second or so.
    let status = (await api<ScannerStatus>('GET', '/scanner/status')).json;
    for (let i = 0; i < 100 && status.running === null; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await api<ScannerStatus>('GET', '/scanner/status')).json;
    }
    expect(status.running).toMatch(/^scan:/);
    expect(status.queued).toBe(1);
    expect(status.workers).toBe(1);
    const waiting = (await api<ScanRow>('GET', `/domains/${b.domainId}/scans/latest`)).json;
    expect(waiting.status).toBe('queued');
    expect(waiting.queuePosition).toBe(0);
    await server.scanner.idle();
    const first = (await api<ScanRow>('GET', `/domains/${a.domainId}/scans/latest`)).json;
    const second = (await api<ScanRow>('GET', `/domains/${b.domainId}/scans/latest`)).json;
    expect([first.status, second.status]).toEqual(['succeeded', 'succeeded']);
    expect(Date.parse(second.startedAt as string)).toBeGreaterThanOrEqual(Date.parse(first.finishedAt as string));
  }, 240_000);

  it('[ROLE-3] another account’s domain, scans and inbox answer 404', async () => {
    const { csId, domainId } = await newSite();
    const other = await login(server.baseUrl, 'other@demo.test');
    expect((await api('POST', `/domains/${domainId}/scans`, undefined, other)).status).toBe(404);
    expect((await api('GET', `/domains/${domainId}/scans/latest`, undefined, other)).status).toBe(404);
    expect((await api('POST', `/domains/${domainId}/health-check`, undefined, other)).status).toBe(404);
    expect((await api('GET', `/consent-solutions/${csId}/triage`, undefined, other)).status).toBe(404);
    expect((await api('POST', `/consent-solutions/${csId}/triage/accept`, { ids: [1] }, other)).status).toBe(404);
  }, 30_000);
});

describe('scanner failures', () => {
  it('[BEYOND-4][ENT-1] an unreachable domain fails as unreachable and the domain shows an error', async () => {
    const created = await api<{ domains: { id: number }[] }>('POST', '/consent-solutions', createBody(`nowhere-${Date.now()}.com`));
    expect(created.status).toBe(201);
    const domainId = created.json.domains[0]?.id as number;
    await proveDomain(server, owner, domainId);
    const scan = await scanNow(domainId);
    expect(scan.status).toBe('failed');
    expect(scan.failure).toBe('unreachable');
    const domain = (await api<DomainRow>('GET', `/domains/${domainId}`)).json;
    expect(domain.status).toBe('error');
    expect(domain.lastScanAt).toBeNull();
  }, 240_000);

  it('[BEYOND-4] a site that refuses the crawler fails as blocked', async () => {
    const { domainId } = await newSite('blocked');
    const scan = await scanNow(domainId);
    expect(scan.status).toBe('failed');
    expect(scan.failure).toBe('blocked');
  }, 240_000);

  it('[BEYOND-4][ENT-1] the scheduler queues a domain when its frequency says a scan is due, and not before', async () => {
    // Only this test's domain takes part: the others are switched to "no scan". Its name resolves
    // to nothing, so each scan it gets ends at once (what is checked here is when it is queued).
    for (const row of server.store.state().domains as DomainRow[]) row.scanFrequency = 0;
    const created = await api<{ domains: { id: number }[] }>(
      'POST',
      '/consent-solutions',
      createBody(`nowhere-weekly-${Date.now()}.com`, { scanFrequency: 7 }),
    );
    expect(created.status).toBe(201);
    const domainId = created.json.domains[0]?.id as number;
    // DEPLOY-4: an unverified domain is never scheduled; once verified it is.
    expect(server.scanner.tick()).toBe(0);
    await proveDomain(server, owner, domainId);
    expect(server.scanner.tick()).toBe(1);
    const first = server.scanner.latestScan(domainId);
    expect(first?.trigger).toBe('schedule');
    await server.scanner.idle();
    expect(server.scanner.tick()).toBe(0);
    // The last test of this server: its clock moves on past every session.
    server.context.clock.advanceDays(6);
    expect(server.scanner.tick()).toBe(0);
    server.context.clock.advanceDays(2);
    expect(server.scanner.tick()).toBe(1);
    await server.scanner.idle();
    expect(server.scanner.scansOf(domainId)).toHaveLength(2);
  }, 240_000);

  it('[BEYOND-4] without Chromium the scanner reports itself unavailable and scan requests answer 503', async () => {
    const bare = await startTestServer({ scanner: { chromiumPath: '/nonexistent/chromium' } });
    try {
      const cookie = await login(bare.baseUrl, 'owner@demo.test');
      const status = (await (await fetch(`${bare.baseUrl}/scanner/status`, { headers: { cookie } })).json()) as { available: boolean };
      expect(status.available).toBe(false);
      const domains = (await (await fetch(`${bare.baseUrl}/domains`, { headers: { cookie } })).json()) as DomainRow[];
      const id = domains[0]?.id as number;
      for (const path of [`/domains/${id}/scans`, `/domains/${id}/health-check`]) {
        const res = await fetch(`${bare.baseUrl}${path}`, { method: 'POST', headers: { cookie } });
        expect(res.status).toBe(503);
        expect(await messageKeys(res)).toEqual(['error.backend.scanner_unavailable']);
      }
      // Everything else still answers.
      expect((await fetch(`${bare.baseUrl}/domains/${id}/scans/latest`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${bare.baseUrl}/domains/${id}`, { headers: { cookie } })).status).toBe(200);
    } finally {
      await bare.close();
    }
  }, 30_000);
});
