import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type Call } from './consentApi';
import { startCrawlSite, type CrawlSite } from './fixtures/sites/crawlSite';
import { scanSite } from './fixtures/sites/scanSite';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * SCAN-3 / SCAN-4: beyond the sample, a page's "after accept all" is read on the page loaded
 * before consent, once the banner's "accept all" was pressed there, as a visitor decides: one
 * load for two states. Through the real routes, with our published banner on a generated site
 * whose pages hold a script the customer marked "marketing" (it runs only once accepted).
 */

const SCAN_TIMEOUT = 240_000;
const MARKED = `<script type="text/plain" data-consent-category="marketing">document.cookie='ads_after_accept=1; max-age=86400; path=/'</script>`;
/** A page of the site without our banner: nothing on it can be accepted. */
const PLAIN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title>
<script>document.cookie='plain_seen=1; max-age=86400; path=/'</script></head><body><h1>Plain</h1></body></html>`;

let site: CrawlSite;
let server: TestServer;
let owner: Call;

beforeAll(async () => {
  site = await startCrawlSite({
    pages: 5,
    linksPerPage: 1,
    extraBody: `<a href="/plain">plain</a>${MARKED}`,
    routes: { '/plain': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PLAIN) },
  });
  server = await startTestServer({
    scanner: {
      baseUrl: `http://{domain}:${site.port}/`,
      hostResolverRules: 'MAP * 127.0.0.1',
      allowLoopbackPorts: [site.port],
      maxPages: 20,
      sampleSize: 1,
      timeLimitMs: 200_000,
      // One page at a time: every page after the start page is visited once it has answered.
      settings: { pagesAtOnce: 1, perHostLimit: 1 },
    },
  });
  owner = await caller(server.baseUrl, 'owner@demo.test');
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe('"accept all" on the page', () => {
  it(
    '[SCAN-4][SCAN-3] beyond the sample, each page is accepted where it was loaded before consent (no second load): a marked script’s cookie counts on every page after "accept all" and in no other state; a page without our banner is loaded again with the consent; the sample’s other states are loaded before the next page; the start page’s visit before consent decides "accept" (no load of its own); the scanner’s decisions never reach the consent log',
    async () => {
      const { scan, inbox, domain, csId } = await scanSite(server, owner, site, 'onpage', true, SCAN_TIMEOUT);
      // The home page, /p/1../p/4 and /plain, in both states; the sample (the home page) after "reject" and with GPC.
      expect(scan.states.before).toMatchObject({ planned: 6, visited: 6 });
      expect(scan.states.accept).toMatchObject({ planned: 6, visited: 6 });
      expect(scan.states.reject).toMatchObject({ planned: 1, visited: 1 });

      // What the site saw with the consent cookie: the sample's page and the page without our banner, nothing else.
      const pages = site.requests.filter((r) => r.host === domain && r.path !== '/robots.txt' && r.path !== '/sitemap.xml');
      expect(pages.filter((r) => r.state === 'accept').map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/plain']));
      expect(pages.filter((r) => r.state === 'accept')).toHaveLength(2);
      for (const path of ['/p/1', '/p/2', '/p/3', '/p/4']) expect(pages.filter((r) => r.path === path).map((r) => r.state)).toEqual(['before']);
      // SCAN-3: a page's states are loaded together, in discovery order: the sample's "reject all" and GPC
      // come before the next page, not after every page before consent.
      const order = pages.map((r) => `${r.state} ${r.path}`);
      expect(order.indexOf('reject /')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('gpc /')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('reject /')).toBeLessThan(order.indexOf('before /p/1'));
      expect(order.indexOf('gpc /')).toBeLessThan(order.indexOf('before /p/1'));

      // The start page decides "accept" on its own visit before consent, by its banner's button: it is loaded
      // before consent twice (that visit, and the page "reject all" is decided on), not a third time to accept.
      expect(pages.filter((r) => r.path === '/' && r.state === 'before')).toHaveLength(2);

      // The marked script's cookie: on the five pages with our banner after "accept all", never without consent.
      const sql = await server.context.consentLog.database();
      const crawl = await sql.query<{ state: string; name: string; pages: number }>(
        `SELECT state, name, pages FROM scan_cookies WHERE crawl_id = $1::text::uuid AND name IN ('ads_after_accept', 'page_seen', 'plain_seen') ORDER BY name, state`,
        [scan.crawlId],
      );
      expect(crawl.map((c) => `${c.name} ${c.state} ×${c.pages}`)).toEqual([
        'ads_after_accept accept ×5',
        'page_seen accept ×5',
        'page_seen before ×5',
        'page_seen gpc ×1',
        'page_seen reject ×1',
        'plain_seen accept ×1',
        'plain_seen before ×1',
      ]);
      const outcomes = await sql.query<{ state: string; reached_by: string }>(
        `SELECT state, reached_by FROM scan_state_outcomes WHERE crawl_id = $1::text::uuid AND state IN ('accept', 'reject') ORDER BY state`,
        [scan.crawlId],
      );
      expect(outcomes.map((o) => `${o.state} ${o.reached_by}`)).toEqual(['accept own-banner', 'reject own-banner']);
      expect(inbox.filter((f) => f.name === 'ads_after_accept' && f.kind.endsWith('_without_consent'))).toEqual([]);

      // A scan is no visitor: none of its "accept all" is a consent record.
      const [records] = await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM consent_records WHERE consent_solution_id = $1::text::bigint', [
        String(csId),
      ]);
      expect(records?.n).toBe('0');
    },
    SCAN_TIMEOUT,
  );
});
