import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_STANDARDS } from '../../../src/schemas/privacyStandards';
import { createBody } from '../../test/consentApi';
import { login } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/startTestServer';
import { CHROMIUM_ARGS, findScannerChromium, requireChromium } from '../chromium';
import { customerFirst } from '../classification/classifyCookie';
import { openStateContext, type StateContextOptions } from './consentStates';
import { launchEvidenceBrowser, type EvidenceBrowser } from './evidenceBrowser';
import { complianceFindings, scannedCookiesOf } from './findings';
import { visitPage } from './pageEvidence';
import { startEvidenceSites, type EvidenceSites, type SeenRequest } from './test/evidenceSites';
import { CONSENT_STATES, type ConsentState, type PageEvidence } from './types';

/**
 * SCAN-4: the evidence of real pages in a real Chromium, in each consent state, against the
 * fixture sites of test/evidenceSites.ts on 127.0.0.1 (every host name mapped there) and our
 * banner served by the dev API.
 */

let server: TestServer;
let sites: EvidenceSites;
let chromium: EvidenceBrowser;
let browser: Browser;
const stamp = Date.now();
const shop = `shop-${stamp}.com`;
const optOutShop = `optout-${stamp}.com`;
// The tracker's certificate is a throw-away self-signed one.
const contextOptions = { ignoreHTTPSErrors: true };

const urlOf = (host: string): string => `http://${host}:${sites.port}/`;

/** The evidence of the start page of `host` in `state`, and the requests the sites saw meanwhile. */
const evidenceIn = async (
  state: ConsentState,
  host: string,
  options: Partial<StateContextOptions> = {},
): Promise<{ evidence: PageEvidence; seen: SeenRequest[] }> => {
  const from = sites.requests.length;
  const { context, outcome } = await openStateContext(browser, state, { startUrl: urlOf(host), contextOptions, buttonTimeoutMs: 5_000, ...options });
  try {
    const evidence = await visitPage(await context.newPage(), urlOf(host), { site: host, outcome });
    return { evidence, seen: sites.requests.slice(from) };
  } finally {
    await context.close();
  }
};

const names = (evidence: PageEvidence): string[] => evidence.cookies.map((c) => c.name);
const hosts = (evidence: PageEvidence): string[] => evidence.thirdParties.map((t) => t.host);

/** A published solution for `domain` whose banner the fixture's `domain` pages load; `standards` changes its privacy standards first. */
const publishedShop = async (cookie: string, domain: string, standards?: object): Promise<number> => {
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await send('POST', '/consent-solutions', createBody(domain));
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  if (standards) expect((await send('PUT', `/consent-solutions/${id}/standards`, standards)).status).toBe(200);
  expect((await send('POST', `/consent-solutions/${id}/publish`, {})).status).toBe(201);
  sites.solutions.set(domain, id);
  return id;
};

let shopId = 0;

beforeAll(async () => {
  server = await startTestServer();
  sites = await startEvidenceSites(server.baseUrl);
  const cookie = await login(server.baseUrl, 'owner@demo.test');
  shopId = await publishedShop(cookie, shop);
  // Visitors from this machine are of no listed region: "other", here opt-out, so GPC alone decides.
  await publishedShop(cookie, optOutShop, { ...DEFAULT_PRIVACY_STANDARDS, regions: { enabled: true, us: 'opt-out', other: 'opt-out' } });
  // The scanner's own browser (its headless shell where installed): the evidence is what a worker sees.
  chromium = await launchEvidenceBrowser({
    executablePath: findScannerChromium() ?? requireChromium(),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * 127.0.0.1'],
  });
  browser = chromium.browser;
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await sites?.close();
  await server?.close();
});

describe('the evidence of a site behind our banner, in the four states', () => {
  const shopIn = new Map<ConsentState, { evidence: PageEvidence; seen: SeenRequest[] }>();
  beforeAll(async () => {
    for (const state of CONSENT_STATES) shopIn.set(state, await evidenceIn(state, shop));
  }, 120_000);
  const of = (state: ConsentState): PageEvidence => shopIn.get(state)?.evidence as PageEvidence;

  it('[SCAN-4] before consent: cookies with their attributes, first and third party, storage keys, IndexedDB names and third-party hosts', () => {
    const before = of('before');
    expect(before).toMatchObject({
      state: 'before',
      reachedBy: 'nothing',
      reachedDetail: null,
      status: 200,
      site: shop,
      url: urlOf(shop),
      finalUrl: urlOf(shop),
    });
    expect(names(before)).toEqual(['PHPSESSID', '_ga', 'px_uid']);
    const [session, ga, pixel] = before.cookies;
    expect(session).toEqual({
      name: 'PHPSESSID',
      domain: shop,
      path: '/',
      party: 'first',
      expires: null,
      expiryDays: null,
      secure: false,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(ga).toMatchObject({ domain: shop, party: 'first', httpOnly: false, secure: false });
    // Asked for two years; browsers keep a cookie 400 days at most.
    expect(ga?.expiryDays).toBe(400);
    expect(Date.parse(ga?.expires ?? '')).toBeGreaterThan(Date.now() + 399 * 86_400_000);
    // The tracker's own cookie, set by its pixel on another host name.
    expect(pixel).toMatchObject({ domain: 'pixel.tracker.test', party: 'third', secure: true, sameSite: 'None', expiryDays: 365 });
    expect(before.localStorage).toEqual(['mp_fixture_mixpanel']);
    expect(before.sessionStorage).toEqual(['checkout_step']);
    expect(before.indexedDb).toEqual(['shop-cache']);
    // The banner's API (127.0.0.1) is a third party of the shop too.
    expect(hosts(before)).toEqual(['127.0.0.1', 'fonts.tracker.test', 'pixel.tracker.test']);
    expect(before.thirdParties[2]).toEqual({
      host: 'pixel.tracker.test',
      domain: 'tracker.test',
      company: null,
      category: null,
      requests: 1,
      firstUrl: `https://pixel.tracker.test:${sites.trackerPort}/px.gif`,
      resourceTypes: ['image'],
    });
    expect(before.thirdParties[1]?.resourceTypes).toEqual(['stylesheet']);
  });

  it('[SCAN-4] after "reject all" (our banner’s button): only what the page sets after the decision, and the decision itself', () => {
    const reject = of('reject');
    expect(reject).toMatchObject({ state: 'reject', reachedBy: 'own-banner' });
    expect(names(reject)).toEqual(['PHPSESSID', `cm_consent_${shopId}`]);
    expect(reject.localStorage).toEqual(['mp_fixture_mixpanel']);
    expect(reject.sessionStorage).toEqual(['checkout_step']);
    expect(reject.indexedDb).toEqual(['shop-cache']);
    expect(hosts(reject)).toEqual(['127.0.0.1', 'fonts.tracker.test']);
  });

  it('[SCAN-4] with GPC on: the header reaches every server and the page’s first script sees the signal', () => {
    const gpc = of('gpc');
    expect(gpc).toMatchObject({ state: 'gpc', reachedBy: 'gpc-signal' });
    // Undecided under opt-in, the site sets `_ga` but holds its pixel back for GPC.
    expect(names(gpc)).toEqual(['PHPSESSID', '_ga']);
    expect(gpc.sessionStorage).toEqual(['checkout_step', 'gpc_seen']);
    expect(gpc.localStorage).toEqual(['mp_fixture_mixpanel']);
    expect(gpc.indexedDb).toEqual(['shop-cache']);
    expect(hosts(gpc)).toEqual(['127.0.0.1', 'fonts.tracker.test']);
    const seen = shopIn.get('gpc')?.seen ?? [];
    expect(new Set(seen.map((r) => r.host))).toEqual(new Set([shop, 'fonts.tracker.test']));
    expect(seen.every((r) => r.gpc === '1')).toBe(true);
    for (const state of ['before', 'reject', 'accept'] as const) expect(shopIn.get(state)?.seen.every((r) => r.gpc === null)).toBe(true);
  });

  it('[SCAN-4] after "accept all": what consent releases, Meta’s pixel script and its first-party cookie and database included', () => {
    const accept = of('accept');
    expect(accept).toMatchObject({ state: 'accept', reachedBy: 'own-banner' });
    expect(names(accept)).toEqual(['PHPSESSID', '_fbp', `cm_consent_${shopId}`, 'px_uid']);
    expect(accept.cookies.find((c) => c.name === '_fbp')).toMatchObject({ domain: shop, party: 'first', expiryDays: 90 });
    expect(accept.indexedDb).toEqual(['fb-events', 'shop-cache']);
    expect(hosts(accept)).toEqual(['127.0.0.1', 'connect.facebook.net', 'fonts.tracker.test', 'pixel.tracker.test']);
    // A host third-party-web knows, with its company and category.
    expect(accept.thirdParties[1]).toMatchObject({ domain: 'facebook.net', company: 'Facebook', category: 'social', resourceTypes: ['script'] });
  });

  it('[SCAN-4][SCAN-5] the four states give the compliance findings and the cookies the triage inbox compares', () => {
    const evidence = CONSENT_STATES.map(of);
    const classify = customerFirst([{ name: 'checkout_step', domain: shop, category: 'necessary' }]);
    const findings = complianceFindings(evidence, { classify, necessaryHosts: ['127.0.0.1'] });
    expect(findings.map((f) => `${f.state} ${f.kind} ${f.name} ${f.category}`)).toEqual([
      'before cookie _ga statistics',
      'before cookie px_uid unclassified',
      'before indexed_db shop-cache unclassified',
      'before local_storage mp_fixture_mixpanel statistics',
      'before third_party_request fonts.tracker.test unclassified',
      'before third_party_request pixel.tracker.test unclassified',
      'reject indexed_db shop-cache unclassified',
      'reject local_storage mp_fixture_mixpanel statistics',
      'reject third_party_request fonts.tracker.test unclassified',
      'gpc cookie _ga statistics',
      'gpc indexed_db shop-cache unclassified',
      'gpc local_storage mp_fixture_mixpanel statistics',
      'gpc session_storage gpc_seen unclassified',
      'gpc third_party_request fonts.tracker.test unclassified',
    ]);
    expect(findings.every((f) => f.firstSeenUrl === urlOf(shop) && f.pages === 1)).toBe(true);
    const triage = new Map(scannedCookiesOf(evidence).map((c) => [c.name, c.setBeforeConsent]));
    expect(Object.fromEntries(triage)).toEqual({ _fbp: false, _ga: true, PHPSESSID: true, px_uid: true });
  });
});

describe('consent states on other consent managers', () => {
  it('[SCAN-4] a foreign consent manager is answered by its buttons’ names in the page’s language; without one, our cookie or "unreached"', async () => {
    const news = `news-${stamp}.com`;
    const reject = await evidenceIn('reject', news);
    expect(reject.evidence).toMatchObject({ reachedBy: 'foreign-cmp', reachedDetail: 'Tout refuser', state: 'reject' });
    expect(reject.evidence.localStorage).toEqual(['news_cmp']);
    expect(names(reject.evidence)).toEqual(['news_consent']);
    const accept = await evidenceIn('accept', news);
    expect(accept.evidence).toMatchObject({ reachedBy: 'foreign-cmp', reachedDetail: 'Tout accepter' });
    expect(names(accept.evidence)).toEqual(['_ga', 'news_consent']);

    const bare = `bare-${stamp}.com`;
    const fallback = await evidenceIn('reject', bare, { ownBanner: { consentSolutionId: 99, consentVersion: 3 }, buttonTimeoutMs: 300 });
    expect(fallback.evidence.reachedBy).toBe('consent-cookie');
    expect(fallback.evidence.cookies).toEqual([expect.objectContaining({ name: 'cm_consent_99', domain: bare, party: 'first', sameSite: 'Lax' })]);
    const nothing = await evidenceIn('accept', bare, { buttonTimeoutMs: 300 });
    expect(nothing.evidence).toMatchObject({ reachedBy: 'unreached', cookies: [] });
  }, 120_000);

  it('[SCAN-4] with GPC where our banner decides by itself (an opt-out region), that decision is kept, not made again on each page', async () => {
    const { evidence } = await evidenceIn('gpc', optOutShop);
    expect(evidence.reachedBy).toBe('gpc-signal');
    expect(names(evidence)).toEqual(['PHPSESSID', `cm_consent_${sites.solutions.get(optOutShop)}`]);
    // Decided: the site's "no choice yet" leaks are gone, and the banner sends no record from this page.
    expect(hosts(evidence)).toEqual(['127.0.0.1', 'fonts.tracker.test']);
    expect(evidence.thirdParties[0]?.resourceTypes).toEqual(['script']);
  }, 60_000);
});
