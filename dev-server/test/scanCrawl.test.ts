import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanRow, FindingRow } from '../scanner/types';
import { caller, createBody, type Call } from './consentApi';
import { pagePath, startCrawlSite, startPixelHost, type CrawlSite } from './fixtures/sites/crawlSite';
import { installOurBanner } from './fixtures/sites/siteBanner';
import { messageKeys } from './http';
import { proveDomain, startTestServer, type TestServer } from './startTestServer';

/**
 * SCAN-1 / SCAN-3 / SCAN-6 / SCAN-7: real crawls of generated fixture sites on 127.0.0.1 by the
 * test server's own worker. Host names resolve by the scanner's test rules (no DNS query); the
 * site's port on 127.0.0.1 stands for the internet; an "internal service" on another loopback
 * port stands for what must never be reached. The machine may be busy: limits are generous.
 */

const SCAN_TIMEOUT = 240_000;
let internal: Server;
let internalHits = 0;
let internalPort = 0;

beforeAll(async () => {
  internal = createServer((_req, res) => {
    internalHits += 1;
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'internal_secret=1; Path=/' }).end('<p>internal</p>');
  });
  internal.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => internal.once('listening', resolve));
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(async () => {
  internal.closeAllConnections();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

interface Harness {
  server: TestServer;
  owner: Call;
  site: CrawlSite;
}

const harness = async (site: CrawlSite, scanner: Record<string, unknown> = {}): Promise<Harness> => {
  const server = await startTestServer({
    scanner: {
      baseUrl: `http://{domain}:${site.port}/`,
      hostResolverRules: 'MAP evil-* 127.0.0.2, MAP * 127.0.0.1',
      allowLoopbackPorts: [site.port],
      maxPages: 50,
      sampleSize: 0,
      timeLimitMs: 200_000,
      ...scanner,
    },
  });
  return { server, owner: await caller(server.baseUrl, 'owner@demo.test'), site };
};

/** `withBanner`: the site's pages load our published banner, so "accept" and "reject" can be reached (SCAN-4). */
const newDomain = async (h: Harness, prefix: string, withBanner = false): Promise<{ csId: number; domainId: number; domain: string }> => {
  const domain = `${prefix}-${Date.now().toString(36)}.com`;
  const created = await h.owner<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', createBody(domain));
  expect(created.status).toBe(201);
  const domainId = created.body.domains[0]?.id as number;
  if (withBanner) await installOurBanner(h.site, h.owner, h.server.baseUrl, domain, created.body.id);
  // DEPLOY-4: only a domain whose owner proved control is scanned.
  await proveDomain(h.server, h.owner, domainId);
  return { csId: created.body.id, domainId, domain };
};

const latest = async (h: Harness, domainId: number): Promise<ScanRow> => (await h.owner<ScanRow>('GET', `/domains/${domainId}/scans/latest`)).body;

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the crawl', () => {
  it(
    '[SCAN-6][SCAN-4] hostile sites: a redirect to 127.0.0.1, a redirect to a private address, a metadata subrequest and a domain resolving to loopback are refused and reported (the domain at creation too); the internal service is never reached. A localStorage key and a third-party pixel before consent, after "reject all" and with GPC are compliance findings in the inbox',
    async () => {
      const pixel = await startPixelHost();
      const site = await startCrawlSite({
        pixelOrigin: `http://connect.facebook.net:${pixel.port}`,
        pages: 2,
        linksPerPage: 1,
        extraBody:
          '<a href="/to-loopback">a</a><a href="/to-private">b</a><a href="http://169.254.169.254/latest/">meta</a><img src="http://169.254.169.254/latest/meta-data/" alt="">',
        routes: {
          '/to-loopback': (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/admin` }).end(),
          '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end(),
        },
      });
      const h = await harness(site, { sampleSize: 1, allowLoopbackPorts: [site.port, pixel.port] });
      try {
        const { csId, domainId } = await newDomain(h, 'hostile', true);
        expect((await h.owner('POST', `/domains/${domainId}/scans`)).status).toBe(202);
        await h.server.scanner.idle(SCAN_TIMEOUT);
        const scan = await latest(h, domainId);
        expect(scan.status, scan.failureDetail ?? '').toBe('succeeded');
        const refused = Object.fromEntries(scan.refused.map((r) => [r.url, [r.reason, r.address]]));
        expect(refused).toMatchObject({
          [`http://127.0.0.1:${internalPort}/admin`]: ['loopback', '127.0.0.1'],
          'http://10.0.0.1/': ['private', '10.0.0.1'],
          'http://169.254.169.254/latest/meta-data/': ['metadata', '169.254.169.254'],
        });
        expect(scan.cookies.map((c) => c.name)).not.toContain('internal_secret');
        // The two redirecting links are pages of the site that ended refused, not visited.
        expect(scan.states.before).toMatchObject({ planned: 4, visited: 2, failed: 2 });
        expect(internalHits).toBe(0);
        // The sample of one page: the home page after "reject all" and with GPC.
        expect(scan.states.reject).toMatchObject({ planned: 1, visited: 1 });
        expect(scan.states.gpc).toMatchObject({ planned: 1, visited: 1 });
        expect(site.requests.filter((r) => r.state === 'gpc').map((r) => r.path)).toEqual(['/']);

        // SCAN-4: the page's localStorage key and Meta's pixel, in every state without consent, over HTTP.
        const inbox = (await h.owner<FindingRow[]>('GET', `/consent-solutions/${csId}/triage`)).body;
        const compliance = inbox
          .filter((f) => f.kind.endsWith('_without_consent') && f.name !== '169.254.169.254')
          .map((f) => [f.consentState, f.kind, f.storageKind, f.name, f.suggestedCategory, f.vendor].join(' '))
          .sort();
        // The page's cookie after "reject all" and with GPC too (before consent it is the list's `new` finding).
        expect(compliance).toEqual(
          (['before', 'gpc', 'reject'] as const).flatMap((state) => [
            ...(state === 'before' ? [] : [`${state} cookie_without_consent  page_seen unclassified `]),
            `${state} request_without_consent  connect.facebook.net marketing Facebook`,
            `${state} storage_without_consent local_storage visited unclassified `,
          ]),
        );
        // The pixel is on both pages of the site.
        const pixelBefore = inbox.find((f) => f.kind === 'request_without_consent' && f.consentState === 'before');
        expect(pixelBefore).toMatchObject({ domain: 'facebook.net', setBeforeConsent: true, pages: 2, firstSeenUrl: expect.stringMatching(/\/$/) });
        // The page's metadata subrequest was refused, yet the page sent it: evidence too.
        expect(inbox.some((f) => f.kind === 'request_without_consent' && f.name === '169.254.169.254' && f.consentState === 'before')).toBe(true);

        // A domain whose name resolves to a loopback address is refused at creation, on its field.
        const evilName = `evil-${Date.now().toString(36)}.com`;
        const refusedSolution = await h.owner<{ violations: { propertyPath: string; payload: { messageKey: string } }[] }>(
          'POST',
          '/consent-solutions',
          createBody(evilName),
        );
        const refusedDomain = await h.owner<{ violations: { propertyPath: string; payload: { messageKey: string } }[] }>('POST', '/domains', {
          ...createBody(evilName).domain,
          defaultLanguage: 'en',
          consentSolutionId: (await newDomain(h, 'host')).csId,
        });
        for (const [res, field] of [
          [refusedSolution, 'domain.canonicalDomain'],
          [refusedDomain, 'canonicalDomain'],
        ] as const)
          expect([res.status, res.body.violations.map((v) => [v.propertyPath, v.payload.messageKey])]).toEqual([
            400,
            [[field, 'validation.domain_internal_address']],
          ]);
        // A name whose DNS answer turns internal after creation (rebinding): the scan is refused at its first page.
        const evil = await newDomain(h, 'rebind');
        const row = h.server.store.rows<{ id: number; canonicalDomain: string }>('domains').find((d) => d.id === evil.domainId);
        if (!row) throw new Error('domain row missing');
        row.canonicalDomain = evilName;
        h.server.store.write();
        expect((await h.owner('POST', `/domains/${evil.domainId}/scans`)).status).toBe(202);
        await h.server.scanner.idle(SCAN_TIMEOUT);
        const refusedScan = await latest(h, evil.domainId);
        expect([refusedScan.status, refusedScan.failure]).toEqual(['failed', 'refused']);
        expect(refusedScan.refused[0]).toMatchObject({ reason: 'loopback', address: '127.0.0.2' });
        expect(site.requests.filter((r) => r.host.startsWith('evil-'))).toEqual([]);
      } finally {
        await h.server.close();
        await site.close();
        await pixel.close();
      }
    },
    SCAN_TIMEOUT,
  );

  it(
    '[SCAN-3] polite and thorough: robots.txt disallow and Crawl-delay honoured, sitemap-only pages found, tracking parameters and fragments do not multiply pages',
    async () => {
      const site = await startCrawlSite({
        pages: 3,
        linksPerPage: 2,
        robotsTxt: 'User-agent: *\nDisallow: /private/\nCrawl-delay: 1\nSitemap: /sitemap.xml\n',
        sitemap: ['/only-in-sitemap'],
        extraBody:
          '<a href="/private/x">no</a><a href="/p/1?utm_source=mail&utm_campaign=x">dup</a><a href="/p/1#reviews">dup</a><a href="/p/2?gclid=abc">dup</a>',
        routes: {
          '/only-in-sitemap': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'from_sitemap=1; Path=/' }).end('<p>hidden</p>'),
        },
      });
      const h = await harness(site);
      try {
        const { domainId } = await newDomain(h, 'polite', true);
        expect((await h.owner('POST', `/domains/${domainId}/scans`)).status).toBe(202);
        await h.server.scanner.idle(SCAN_TIMEOUT);
        const scan = await latest(h, domainId);
        expect(scan.status, scan.failureDetail ?? '').toBe('succeeded');
        // Home, /p/1, /p/2 and the sitemap's page: once each, in both states.
        expect(scan.states.before).toMatchObject({ planned: 4, visited: 4 });
        expect(scan.states.accept).toMatchObject({ planned: 4, visited: 4 });
        expect(scan.cookies.map((c) => c.name).sort()).toEqual(['from_sitemap', 'page_seen']);
        const pages = site.requests.filter((r) => r.path === '/' || r.path.startsWith('/p/') || r.path === '/only-in-sitemap');
        expect(site.requests.filter((r) => r.path.startsWith('/private/'))).toEqual([]);
        // Each page once before consent, the home page included: the scanner clicks the banner's "accept" there, on that
        // visit (SCAN-4); with the consent replayed at most once: a page whose visit began after the start page answered is
        // accepted on the page.
        for (const path of [...site.paths, '/only-in-sitemap']) {
          expect(pages.filter((r) => r.path === path && r.state === 'before')).toHaveLength(1);
          expect(pages.filter((r) => r.path === path && r.state === 'accept').length).toBeLessThanOrEqual(1);
        }
        // Crawl-delay 1: page loads at least a second apart (a little slack for clocks).
        const times = pages.map((r) => r.at).sort((a, b) => a - b);
        for (let i = 1; i < times.length; i += 1) expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(950);
        expect(site.requests.some((r) => r.path === '/robots.txt')).toBe(true);
      } finally {
        await h.server.close();
        await site.close();
      }
    },
    SCAN_TIMEOUT,
  );

  it(
    '[SCAN-1][SCAN-7] a running scan shows its progress and the state it checks; a time limit, or a cancel, keeps what was found as a partial result in the inbox',
    async () => {
      const site = await startCrawlSite({ pages: 40, linksPerPage: 3, delayMs: 700 });
      const h = await harness(site, { timeLimitMs: 12_000, settings: { pagesAtOnce: 2, perHostLimit: 2 } });
      try {
        const timed = await newDomain(h, 'slow', true);
        expect((await h.owner('POST', `/domains/${timed.domainId}/scans`)).status).toBe(202);
        const running = await waitFor(
          () => latest(h, timed.domainId),
          (s) => s.status !== 'queued' && s.pagesVisited > 0,
        );
        expect(running.status).toBe('running');
        expect(running.checking).toBe('before');
        expect(running.queuePosition).toBeNull();
        expect(running.states.before?.visited).toBeGreaterThan(0);
        await h.server.scanner.idle(SCAN_TIMEOUT);
        const stopped = await latest(h, timed.domainId);
        expect([stopped.status, stopped.failure, stopped.partial]).toEqual(['failed', 'timeout', true]);
        expect(stopped.pagesVisited).toBeGreaterThan(0);
        expect(stopped.pagesVisited).toBeLessThan(stopped.pagesPlanned);
        expect(stopped.cookies.map((c) => c.name)).toEqual(['page_seen']);
        const inbox = (await h.owner<FindingRow[]>('GET', `/consent-solutions/${timed.csId}/triage`)).body;
        // The cookie, and the localStorage key every page writes before consent (SCAN-4).
        expect(inbox.map((f) => `${f.kind}:${f.name}`).sort()).toEqual(['new:page_seen', 'storage_without_consent:visited']);

        // Cancel: nothing to cancel, then a running scan stops and keeps its pages.
        const cancelled = await newDomain(h, 'cancel', true);
        const none = await fetch(`${h.server.baseUrl}/domains/${cancelled.domainId}/scans/cancel`, {
          method: 'POST',
          headers: { cookie: await ownerCookie(h) },
        });
        expect(none.status).toBe(409);
        expect(await messageKeys(none)).toEqual(['error.backend.no_scan_to_cancel']);
        expect((await h.owner('POST', `/domains/${cancelled.domainId}/scans`)).status).toBe(202);
        await waitFor(
          () => latest(h, cancelled.domainId),
          (s) => s.pagesVisited > 0,
        );
        const cancel = await h.owner<ScanRow>('POST', `/domains/${cancelled.domainId}/scans/cancel`);
        expect(cancel.status).toBe(202);
        await h.server.scanner.idle(SCAN_TIMEOUT);
        const after = await latest(h, cancelled.domainId);
        expect([after.status, after.failure, after.partial]).toEqual(['failed', 'cancelled', true]);
        expect(after.cookies.map((c) => c.name)).toEqual(['page_seen']);
        const visitedPaths = new Set(site.requests.map((r) => r.path));
        expect(visitedPaths.has(pagePath(39))).toBe(false);
      } finally {
        await h.server.close();
        await site.close();
      }
    },
    SCAN_TIMEOUT,
  );
  it(
    '[SCAN-7] a cancel asked for while the last page is in flight still ends the scan as cancelled, with what it found',
    async () => {
      // The last page is held until the cancel is in, then cut at once: its end races the worker's next read of the crawl.
      const held: ServerResponse[] = [];
      let cutting = false;
      const site = await startCrawlSite({
        pages: 2,
        linksPerPage: 1,
        routes: {
          [pagePath(1)]: (_req, res) => {
            if (cutting) res.destroy();
            else held.push(res);
          },
        },
      });
      const h = await harness(site);
      try {
        const { domainId } = await newDomain(h, 'last-page');
        expect((await h.owner('POST', `/domains/${domainId}/scans`)).status).toBe(202);
        const running = await waitFor(
          () => latest(h, domainId),
          (s) => held.length > 0 && (s.states.before?.visited ?? 0) > 0,
        );
        expect(running.states.before).toMatchObject({ planned: 2, visited: 1 });
        expect((await h.owner('POST', `/domains/${domainId}/scans/cancel`)).status).toBe(202);
        cutting = true;
        for (const res of held.splice(0)) res.destroy();
        await h.server.scanner.idle(SCAN_TIMEOUT);
        const after = await latest(h, domainId);
        expect([after.status, after.failure, after.partial]).toEqual(['failed', 'cancelled', true]);
        expect(after.states.before).toMatchObject({ planned: 2, visited: 1 });
        expect(after.cookies.map((c) => c.name)).toEqual(['page_seen']);
      } finally {
        await h.server.close();
        await site.close();
      }
    },
    SCAN_TIMEOUT,
  );

  it(
    '[SCAN-3] a worker running crawls side by side runs each once: the helper it asks for is left to another worker, and the host gets at most its per-host limit of pages at once',
    async () => {
      // Every page in the sitemap: the crawl has plenty left at once, so it asks for a helper; this worker's second slot is free.
      const site = await startCrawlSite({ pages: 20, linksPerPage: 1, delayMs: 300, sitemap: Array.from({ length: 20 }, (_, i) => pagePath(i)) });
      const h = await harness(site, { crawlsAtOnce: 2, settings: { pagesAtOnce: 2, perHostLimit: 2 } });
      try {
        const { domainId } = await newDomain(h, 'once');
        expect((await h.owner('POST', `/domains/${domainId}/scans`)).status).toBe(202);
        await h.server.scanner.idle(SCAN_TIMEOUT);
        const scan = await latest(h, domainId);
        expect(scan.status, scan.failureDetail ?? '').toBe('succeeded');
        expect(scan.states.before).toMatchObject({ planned: 20, visited: 20, failed: 0 });
        // Once each (the home page once more, where the crawl looks for a banner to accept).
        for (const path of site.paths) expect(site.requests.filter((r) => r.path === path && r.state === 'before')).toHaveLength(path === '/' ? 2 : 1);
        expect(site.mostPagesAtOnce()).toBe(2);
      } finally {
        await h.server.close();
        await site.close();
      }
    },
    SCAN_TIMEOUT,
  );
});

const ownerCookie = async (h: Harness): Promise<string> => {
  const { login } = await import('./http');
  return login(h.server.baseUrl, 'owner@demo.test');
};
