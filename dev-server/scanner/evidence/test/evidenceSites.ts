import { execFileSync } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * SCAN-4 fixture sites on 127.0.0.1 for the evidence test (the browser maps every host name
 * there). One HTTP server answers by host name:
 * - a host of `solutions`: a shop behind our banner (that solution's, loaded from the test API)
 *   that leaks before consent: it sets `_ga` and fires a tracker's pixel while no choice is
 *   stored (the pixel only without GPC), keeps a Mixpanel key, a session key and an IndexedDB
 *   database whatever the choice, loads a third party's stylesheet on every page, and after
 *   "accept" loads Meta's pixel script from `connect.facebook.net` (served here: it writes `_fbp`
 *   and a database). With GPC it notes `gpc_seen` in sessionStorage.
 * - `news…`: a French site with a consent manager of its own ("Tout accepter" / "Tout refuser").
 * - `bare…`: no consent manager at all.
 * One HTTPS server (a throw-away self-signed certificate) is the third parties, `*.tracker.test`
 * and `connect.facebook.net`: the pixel sets the third-party cookie `px_uid` (SameSite=None;
 * Secure, so HTTPS).
 * Both note every request's host, path and `Sec-GPC` header.
 */

export interface SeenRequest {
  host: string;
  path: string;
  gpc: string | null;
}

export interface EvidenceSites {
  port: number;
  trackerPort: number;
  /** The API our banner loads from. */
  apiUrl: string;
  /** The shops: host name → the consent solution whose banner its pages load. */
  solutions: Map<string, number>;
  requests: SeenRequest[];
  close: () => Promise<void>;
}

const listen = async (server: Server): Promise<number> => {
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return (server.address() as AddressInfo).port;
};

const stop = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** A key and certificate for the third parties' names, valid a day, made by Debian's openssl. */
const selfSigned = (): { key: string; cert: string } => {
  const pem = execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=tracker.test',
      '-addext',
      'subjectAltName=DNS:*.tracker.test,DNS:connect.facebook.net',
      '-keyout',
      '-',
      '-out',
      '-',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  ).toString();
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(pem)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem)?.[0];
  if (!key || !cert) throw new Error('openssl gave no key and certificate (install Debian’s openssl)');
  return { key, cert };
};

const shopPage = (sites: EvidenceSites, csId: number, trackers: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${sites.apiUrl}/cdn/${csId}/banner.js" data-consent-solution="${csId}"></script>
<link rel="stylesheet" href="${trackers.replace('{host}', 'fonts')}/site.css">
<script>
(function () {
  var stored = document.cookie.match(/(?:^|; )cm_consent_\\d+=([^;]*)/);
  var categories = null;
  try { categories = stored ? JSON.parse(decodeURIComponent(stored[1])).categories : null; } catch (e) { categories = null; }
  var gpc = navigator.globalPrivacyControl === true;
  localStorage.setItem('mp_fixture_mixpanel', '1');
  sessionStorage.setItem('checkout_step', 'cart');
  indexedDB.open('shop-cache');
  if (gpc) sessionStorage.setItem('gpc_seen', '1');
  function pixel() { new Image().src = '${trackers.replace('{host}', 'pixel')}/px.gif'; }
  function marketing() {
    pixel();
    var script = document.createElement('script');
    script.src = 'https://connect.facebook.net:${sites.trackerPort}/en_US/fbevents.js';
    document.head.appendChild(script);
  }
  if (categories === null) {
    document.cookie = '_ga=GA1.1.42.1700000000; max-age=63072000; path=/; SameSite=Lax';
    if (!gpc) pixel();
  } else if (categories.indexOf('marketing') >= 0) marketing();
  window.addEventListener('consent:accept', marketing);
})();
</script></head>
<body><h1>Shop</h1><a href="/page2.html">Products</a></body></html>`;

const NEWS_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Actualités</title></head>
<body><h1>Actualités</h1>
<button type="button">Refuser la livraison express</button>
<div id="cmp" role="dialog" aria-label="Cookies" hidden>
  <p>Nous utilisons des cookies.</p>
  <button type="button" data-choice="no">Tout refuser</button>
  <button type="button" data-choice="yes">Tout accepter</button>
</div>
<script>
(function () {
  var stored = document.cookie.match(/(?:^|; )news_consent=([^;]*)/);
  if (stored && stored[1] === 'yes') document.cookie = '_ga=GA1.1.7.1700000000; max-age=63072000; path=/';
  if (stored) return;
  var cmp = document.getElementById('cmp');
  // Consent managers show themselves a moment after the page.
  setTimeout(function () { cmp.hidden = false; }, 150);
  cmp.addEventListener('click', function (event) {
    var choice = event.target.getAttribute('data-choice');
    if (!choice) return;
    document.cookie = 'news_consent=' + choice + '; max-age=31536000; path=/';
    localStorage.setItem('news_cmp', choice);
    cmp.hidden = true;
  });
})();
</script></body></html>`;

const BARE_PAGE = '<!doctype html><html lang="en"><head><title>Bare</title></head><body><h1>No consent manager</h1></body></html>';

export const startEvidenceSites = async (apiUrl: string): Promise<EvidenceSites> => {
  const requests: SeenRequest[] = [];
  const note = (req: IncomingMessage): string => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const gpc = req.headers['sec-gpc'];
    requests.push({ host, path: (req.url ?? '/').split('?')[0] ?? '/', gpc: typeof gpc === 'string' ? gpc : null });
    return host;
  };
  const html = (res: ServerResponse, body: string, cookies: string[] = []): void => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': cookies }).end(body);
  };

  const tracker = createHttpsServer(selfSigned(), (req, res) => {
    note(req);
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/px.gif')
      res.writeHead(200, { 'content-type': 'image/gif', 'set-cookie': 'px_uid=7f3a; Max-Age=31536000; Path=/; SameSite=None; Secure' }).end('GIF89a');
    else if (path === '/en_US/fbevents.js')
      res
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end("document.cookie = '_fbp=fb.1.1700000000.42; max-age=7776000; path=/; SameSite=Lax'; indexedDB.open('fb-events');");
    else if (path === '/site.css') res.writeHead(200, { 'content-type': 'text/css' }).end('body { margin: 0; }');
    else res.writeHead(404).end();
  });
  const trackerPort = await listen(tracker);

  const sites: EvidenceSites = { port: 0, trackerPort, apiUrl, solutions: new Map(), requests, close: async () => undefined };
  const trackers = `https://{host}.tracker.test:${trackerPort}`;
  const site = createHttpServer((req, res) => {
    const host = note(req);
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/favicon.ico') res.writeHead(404).end();
    else if (sites.solutions.has(host))
      html(res, shopPage(sites, sites.solutions.get(host) ?? 0, trackers), ['PHPSESSID=fixture-session; Path=/; HttpOnly; SameSite=Lax']);
    else if (host.startsWith('news')) html(res, NEWS_PAGE);
    else html(res, BARE_PAGE);
  });
  sites.port = await listen(site);
  sites.close = async () => {
    await Promise.all([stop(site), stop(tracker)]);
  };
  return sites;
};
