/**
 * The servers of the banner bench (bench/bannerBench.ts), in a process of their own so that the
 * browser automation's work never delays their answers (a real site and CDN do not share an
 * event loop with the visitor's browser): the dev API (its CDN route serves our published
 * banner) and the fixture site (e2e/fixtures/sites/article) four ways: without a banner, with
 * our installation snippet, the same with Google Consent Mode on (another host: another
 * solution), with vanilla-cookieconsent (npm, its documented set-up, gzip). Prints one JSON line
 * `{ apiBaseUrl, siteUrl, consentModeSiteUrl, consentSolutionId }`, then serves until stdin closes.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { login } from '../dev-server/test/http';
import { installationSnippet } from '../src/consent-solutions/installation/installationModel';
import { startTestServer } from '../dev-server/test/startTestServer';
import type { PrivacyStandards } from '../src/schemas/privacyStandards';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BENCH_HOST = 'bench-shop-fixture.com';
/** The same site's pages with our banner and Google Consent Mode on: a solution, so a domain, of its own. */
const CONSENT_MODE_HOST = 'bench-shop-consent-mode.com';
const require = createRequire(import.meta.url);
const VANILLA_DIR = dirname(require.resolve('vanilla-cookieconsent/dist/cookieconsent.umd.js'));
const FIXTURE = readFileSync(join(ROOT, 'e2e/fixtures/sites/article/index.html'), 'utf8');
const ARTICLE = Array.from(
  { length: 30 },
  (_, i) => `<h2>Section ${i + 1}</h2><p>${'A paragraph of the article, as a news site would show it. '.repeat(6)}</p>`,
).join('\n');

/** vanilla-cookieconsent as its README sets it up: its CSS and script, then run() with two categories. */
const VANILLA_HEAD = `<link rel="stylesheet" href="/vendor/cookieconsent.css">
<script defer src="/vendor/cookieconsent.umd.js"></script>
<script defer src="/vendor/init.js"></script>`;
// hideFromBots: off, or it hides itself from an automated browser (navigator.webdriver).
const VANILLA_INIT = `CookieConsent.run({
  hideFromBots: false,
  categories: { necessary: { enabled: true, readOnly: true }, analytics: {} },
  language: { default: 'en', translations: { en: {
    consentModal: { title: 'We use cookies', description: 'Cookies help us run this site.', acceptAllBtn: 'Accept all', acceptNecessaryBtn: 'Reject all', showPreferencesBtn: 'Manage preferences' },
    preferencesModal: { title: 'Preferences', acceptAllBtn: 'Accept all', acceptNecessaryBtn: 'Reject all', savePreferencesBtn: 'Save', sections: [{ title: 'Necessary', linkedCategory: 'necessary' }, { title: 'Analytics', linkedCategory: 'analytics' }] }
  } } }
});`;

const api = await startTestServer({});
const cookie = await login(api.baseUrl, 'owner@demo.test');
const post = async (route: string, body: unknown) => {
  const res = await fetch(`${api.baseUrl}${route}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`POST ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
};
/** A published solution for `host` (the records' origin must be its domain); with Google Consent Mode on if asked. */
const publishedSolution = async (host: string, consentMode: boolean): Promise<{ id: number }> => {
  const { id } = await post('/consent-solutions', {
    defaultLanguage: 'en',
    additionalLanguages: ['fr', 'de'],
    domain: { canonicalDomain: host, type: 'website', scanDepth: 500, scanFrequency: 0 },
  });
  if (consentMode) {
    const standards = (await (await fetch(`${api.baseUrl}/consent-solutions/${id}/standards`, { headers: { cookie } })).json()) as PrivacyStandards;
    const res = await fetch(`${api.baseUrl}/consent-solutions/${id}/standards`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...standards, consentMode: { ...standards.consentMode, enabled: true } }),
    });
    if (!res.ok) throw new Error(`PUT standards: ${res.status} ${await res.text()}`);
  }
  await post(`/consent-solutions/${id}/publish`, {});
  return { id };
};
const ours = await publishedSolution(BENCH_HOST, false);
const oursConsentMode = await publishedSolution(CONSENT_MODE_HOST, true);

const heads: Record<string, string> = {
  none: '',
  // The snippet as the Installation tab gives it (PROMISE-5): loader.js, which adds the core after the first paint.
  ours: installationSnippet(api.baseUrl, ours.id),
  oursConsentMode: installationSnippet(api.baseUrl, oursConsentMode.id),
  vanilla: VANILLA_HEAD,
};
// Compressed once, as a CDN would serve them, for a fair comparison with ours.
const vendor: Record<string, [Buffer, string]> = {
  '/vendor/cookieconsent.umd.js': [gzipSync(readFileSync(join(VANILLA_DIR, 'cookieconsent.umd.js'))), 'text/javascript'],
  '/vendor/cookieconsent.css': [gzipSync(readFileSync(join(VANILLA_DIR, 'cookieconsent.css'))), 'text/css'],
  '/vendor/init.js': [gzipSync(VANILLA_INIT), 'text/javascript'],
};
const site = createHttpServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const asset = vendor[path];
  if (asset) {
    res.writeHead(200, { 'content-type': asset[1], 'content-encoding': 'gzip', 'cache-control': 'no-store' });
    res.end(asset[0]);
    return;
  }
  const head = heads[path.slice(1)];
  res.writeHead(head === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(head === undefined ? '' : FIXTURE.replace('%HEAD%', head).replace('%ARTICLE%', ARTICLE));
});
await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
const { port } = site.address() as AddressInfo;
const siteUrl = `http://${BENCH_HOST}:${port}/`;
const consentModeSiteUrl = `http://${CONSENT_MODE_HOST}:${port}/`;
console.log(JSON.stringify({ apiBaseUrl: api.baseUrl, siteUrl, consentModeSiteUrl, consentSolutionId: ours.id }));

process.stdin.resume();
process.stdin.on('end', () => {
  site.close();
  void api.close().then(() => process.exit(0));
});
