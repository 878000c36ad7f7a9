import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type Call } from './consentApi';
import { startCrawlSite, type CrawlSite } from './fixtures/sites/crawlSite';
import { scanSite } from './fixtures/sites/scanSite';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * SCAN-4: what a consent state starts from and how it is reached, through the real routes. The
 * test server's own worker crawls a generated site on 127.0.0.1 with one page at a time, so
 * every page of a state is loaded in the same kept page of the pool one after another: what one
 * page leaves behind would be seen on the next.
 */

const SCAN_TIMEOUT = 240_000;

/** Written by `/a` only, under a name that says the state the site saw the request in. */
const pageA = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A</title><script>
  var state = /cm_consent_\\d+=[^;]*marketing/.test(document.cookie) ? 'accept' : /cm_consent_\\d+=/.test(document.cookie) ? 'reject' : navigator.globalPrivacyControl ? 'gpc' : 'before';
  localStorage.setItem('only_a_' + state, '1');
  sessionStorage.setItem('session_a', '1');
  indexedDB.open('db_a');
  // Writes again every 2 ms for as long as the page lives: nothing of it may reach the next page of the same kept page.
  setInterval(function () { localStorage.setItem('ticker_a', '1'); document.cookie = 'ticker_a=1; path=/'; }, 2);
</script></head><body><h1>A</h1></body></html>`;
const pageB = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>B</title></head><body><h1>B</h1></body></html>';

let site: CrawlSite;
let server: TestServer;
let owner: Call;

beforeAll(async () => {
  site = await startCrawlSite({
    pages: 1,
    // A consent manager that is not ours: its button is not for the scanner to press.
    extraBody: '<a href="/a">A</a><a href="/b">B</a><button onclick="document.cookie=\'other_cmp=yes; path=/\'">Accept all</button>',
    routes: {
      '/a': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(pageA),
      '/b': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(pageB),
    },
  });
  server = await startTestServer({
    scanner: {
      baseUrl: `http://{domain}:${site.port}/`,
      hostResolverRules: 'MAP * 127.0.0.1',
      allowLoopbackPorts: [site.port],
      maxPages: 10,
      sampleSize: 3,
      timeLimitMs: 200_000,
      settings: { pagesAtOnce: 1, perHostLimit: 1 },
    },
  });
  owner = await caller(server.baseUrl, 'owner@demo.test');
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

const scanned = (prefix: string, withBanner: boolean): ReturnType<typeof scanSite> => scanSite(server, owner, site, prefix, withBanner, SCAN_TIMEOUT);

describe('consent states', () => {
  it(
    '[SCAN-4] every page of a state starts from empty storage: a localStorage key, a sessionStorage key, an IndexedDB database and a key and cookie written every 2 ms on page A are not reported on page B, nor in another state',
    async () => {
      const { scan, inbox } = await scanned('storage', true);
      expect(scan.states.before).toMatchObject({ planned: 3, visited: 3 });
      expect(scan.states.reject).toMatchObject({ planned: 3, visited: 3 });
      expect(scan.states.gpc).toMatchObject({ planned: 3, visited: 3 });
      const storage = inbox
        .filter((f) => f.kind === 'storage_without_consent' && f.name !== 'visited')
        .map((f) => `${f.consentState} ${f.storageKind} ${f.name} ×${f.pages} ${new URL(f.firstSeenUrl ?? '').pathname}`)
        .sort();
      // Page A's items once in each state, on page A; the key naming another state never.
      expect(storage).toEqual(
        ['before', 'gpc', 'reject'].flatMap((state) => [
          `${state} indexed_db db_a ×1 /a`,
          `${state} local_storage only_a_${state} ×1 /a`,
          `${state} local_storage ticker_a ×1 /a`,
          `${state} session_storage session_a ×1 /a`,
        ]),
      );
      // The ticker's cookie too: on page A only, in every state without consent.
      expect(
        inbox
          .filter((f) => f.name === 'ticker_a' && f.kind === 'cookie_without_consent')
          .map((f) => `${f.consentState} ×${f.pages}`)
          .sort(),
      ).toEqual(['gpc ×1', 'reject ×1']);
      // Every finding that counts pages counts one (the cookie list's "new" finding counts none).
      const ticker = inbox.filter((f) => f.name === 'ticker_a' && f.pages !== undefined);
      expect(ticker.length).toBeGreaterThan(3);
      expect(ticker.filter((f) => f.pages !== 1).map((f) => [f.kind, f.consentState, f.pages])).toEqual([]);
      // The home page's own key, on the home page only.
      expect(inbox.filter((f) => f.name === 'visited').map((f) => [f.consentState, f.pages])).toEqual(
        expect.arrayContaining([
          ['before', 1],
          ['reject', 1],
          ['gpc', 1],
        ]),
      );
      expect(inbox.some((f) => f.kind === 'state_unreached')).toBe(false);
    },
    SCAN_TIMEOUT,
  );

  it(
    '[SCAN-4] a site without our banner (only another consent manager’s button): "reject all" and "accept all" are reported unreached, not scanned as if decided',
    async () => {
      const started = Date.now();
      const { scan, inbox, domain } = await scanned('nobanner', false);
      expect(scan.states.before).toMatchObject({ planned: 3, visited: 3 });
      const unreached = inbox.filter((f) => f.kind === 'state_unreached').map((f) => [f.consentState, f.firstSeenUrl, f.pages]);
      expect(unreached.sort()).toEqual([
        ['accept', `http://${domain}:${site.port}/`, 3],
        ['reject', `http://${domain}:${site.port}/`, 3],
      ]);
      // What the pages of an unreached state hold is not reported as that state's.
      expect(inbox.filter((f) => f.consentState === 'reject' && f.kind !== 'state_unreached')).toEqual([]);
      expect(inbox.some((f) => f.kind.endsWith('_without_consent') && f.consentState === 'gpc')).toBe(true);
      // No consent was stored for the site: no page was asked for with one, and the other consent manager's button was not pressed.
      const requests = site.requests.filter((r) => r.host === domain && r.at >= started);
      expect(requests.filter((r) => r.state === 'accept' || r.state === 'reject')).toEqual([]);
      // An unreached state visits no page: each page once before consent and once with GPC, the
      // home page twice more where the scanner looked for our banner to accept and to reject.
      const loads = (path: string): string[] =>
        requests
          .filter((r) => r.path === path)
          .map((r) => r.state)
          .sort();
      expect([loads('/'), loads('/a'), loads('/b')]).toEqual([
        ['before', 'before', 'before', 'gpc'],
        ['before', 'gpc'],
        ['before', 'gpc'],
      ]);
      expect([scan.states.accept, scan.states.reject]).toEqual([
        { planned: 0, visited: 0, failed: 0, cookies: 0 },
        { planned: 0, visited: 0, failed: 0, cookies: 0 },
      ]);
      // The home page's cookie and page A's ticker.
      expect(scan.cookies.map((c) => c.name)).toEqual(['page_seen', 'ticker_a']);
    },
    SCAN_TIMEOUT,
  );
});
