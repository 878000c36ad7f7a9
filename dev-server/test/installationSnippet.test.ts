import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationSnippet } from '../../src/consent-solutions/installation/installationModel';
import { DEFAULT_PRIVACY_STANDARDS } from '../../src/schemas/privacyStandards';
import type { PublicationRow } from '../cdn/types';
import { PUBLICATIONS } from '../cdn/templateData';
import type { HealthCheckRow } from '../scanner/types';
import { caller, createBody, type Call } from './consentApi';
import { olderAsyncSnippet } from './olderSnippets';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * PROMISE-5: one installation snippet for the life of a solution. Its `loader.js` follows the
 * settings at each publish; the health check tells it from an older snippet; "script installed"
 * is per solution, from its records or the health check of its domains.
 */

let server: TestServer;
let owner: Call;
let site: Server;
/** The fixture site's pages: host → the snippet in its head. */
const pages = new Map<string, string>();
let sequence = 0;

beforeAll(async () => {
  site = createServer((req, res) => {
    const head = pages.get((req.headers.host ?? '').replace(/:\d+$/, ''));
    res.writeHead(head === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(head === undefined ? '' : `<!doctype html><html lang="en"><head><title>Shop</title>${head}</head><body><h1>Shop</h1><p>Welcome.</p></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const sitePort = (site.address() as AddressInfo).port;
  // The fixture site stands for the internet on its loopback port (SCAN-6: the scanner's guard refuses loopback otherwise).
  server = await startTestServer({
    scanner: { baseUrl: `http://{domain}:${sitePort}/`, hostResolverRules: 'MAP * 127.0.0.1', allowLoopbackPorts: [sitePort] },
  });
  owner = await caller(server.baseUrl, 'owner@demo.test');
}, 30_000);
afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

const newSolution = async (): Promise<{ id: number; domainId: number; domain: string }> => {
  sequence += 1;
  const domain = `snippet-${sequence}-${Date.now()}.com`;
  const created = await owner<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', createBody(domain));
  expect(created.status).toBe(201);
  return { id: created.body.id, domainId: created.body.domains[0]?.id as number, domain };
};
const publish = async (id: number) => expect((await owner('POST', `/consent-solutions/${id}/publish`, {})).status).toBe(201);
const loaderOf = (id: number, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/cdn/${id}/loader.js`, { headers });
const onboarding = async (id: number) =>
  (await owner<{ templatePublished: boolean; scriptInstalled: boolean; consentSolutionId: number }>('GET', `/reports/onboarding?consentSolutionId=${id}`)).body;
const healthCheck = async (domainId: number): Promise<HealthCheckRow> => {
  expect((await owner('POST', `/domains/${domainId}/health-check`)).status).toBe(202);
  await server.scanner.idle();
  return (await owner<HealthCheckRow>('GET', `/domains/${domainId}/health-check`)).body;
};

describe('the one installation snippet', () => {
  it('[PROMISE-5] loader.js follows the settings at each publish (Consent Mode defaults when on, nothing before the loader when off) behind the same tag', async () => {
    const { id } = await newSolution();
    expect((await loaderOf(id)).status).toBe(404);
    const tag = installationSnippet(server.baseUrl, id);
    expect(tag).toBe(`<script src="${server.baseUrl}/cdn/${id}/loader.js" data-consent-solution="${id}"></script>`);

    await publish(id);
    const plain = await loaderOf(id);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=86400');
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    const plainText = await plain.text();
    expect(plainText).toMatch(/^\(function\(w,d,src,id\)\{/);
    expect(plainText).toContain('"banner-full.js"');
    expect(plainText).not.toContain('cmConsentDefaults');
    const etag = plain.headers.get('etag') ?? '';
    expect((await loaderOf(id, { 'if-none-match': etag })).status).toBe(304);

    const standards = { ...DEFAULT_PRIVACY_STANDARDS, consentMode: { ...DEFAULT_PRIVACY_STANDARDS.consentMode, enabled: true } };
    expect((await owner('PUT', `/consent-solutions/${id}/standards`, standards)).status).toBe(200);
    expect(await (await loaderOf(id)).text()).toBe(plainText);
    await publish(id);
    const withConsentMode = await (await loaderOf(id)).text();
    expect(withConsentMode).toMatch(
      /^\(function\(w\)\{var l=w\.dataLayer=w\.dataLayer\|\|\[\];[^\n]*cmConsentDefaults=\[\["consent","default",\{[^\n]*"wait_for_update":500/,
    );
    expect(withConsentMode.endsWith(plainText)).toBe(true);
    // What the customer pasted did not change.
    expect(installationSnippet(server.baseUrl, id)).toBe(tag);
  });

  it('[PROMISE-5] a publication made before loader.js gets it composed from its inline part', async () => {
    const { id } = await newSolution();
    await publish(id);
    const expected = await (await loaderOf(id)).text();
    const latest = server.store.rows<PublicationRow>(PUBLICATIONS).find((p) => p.consentSolutionId === id) as PublicationRow;
    delete latest.loaderFile;
    const composed = await loaderOf(id);
    expect(composed.status).toBe(200);
    expect(await composed.text()).toBe(expected);
  });

  it('[PROMISE-5] the health check tells the current snippet from an older one; "script installed" is per solution, from its records or its health check', async () => {
    const current = await newSolution();
    const older = await newSolution();
    const recorded = await newSolution();
    const untouched = await newSolution();
    for (const solution of [current, older, recorded, untouched]) await publish(solution.id);
    const olderPublication = server.store.rows<PublicationRow>(PUBLICATIONS).find((p) => p.consentSolutionId === older.id) as PublicationRow;
    pages.set(current.domain, installationSnippet(server.baseUrl, current.id));
    pages.set(older.domain, olderAsyncSnippet(server.baseUrl, older.id, olderPublication.inlineScript ?? ''));

    const fresh = await healthCheck(current.domainId);
    expect(fresh, fresh.failureDetail ?? '').toMatchObject({
      status: 'succeeded',
      scriptPresent: true,
      loadedFirst: true,
      bannerShown: true,
      snippet: 'current',
    });
    expect(await healthCheck(older.domainId)).toMatchObject({ status: 'succeeded', scriptPresent: true, bannerShown: true, snippet: 'older' });

    const res = await fetch(`${server.baseUrl}/consent/${recorded.id}/records`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: `https://${recorded.domain}` },
      body: JSON.stringify({ anonymousId: '0f8e3c1a-1b2c-4d5e-8f90-a1b2c3d4e5f6', action: 'accept', categories: ['statistics'], consentVersion: 1 }),
    });
    expect(res.status).toBe(201);

    expect(await onboarding(current.id)).toMatchObject({ consentSolutionId: current.id, templatePublished: true, scriptInstalled: true });
    expect(await onboarding(older.id)).toMatchObject({ scriptInstalled: true });
    expect(await onboarding(recorded.id)).toMatchObject({ scriptInstalled: true });
    expect(await onboarding(untouched.id)).toMatchObject({ consentSolutionId: untouched.id, templatePublished: true, scriptInstalled: false });
    const brandNew = await newSolution();
    expect(await onboarding(brandNew.id)).toMatchObject({ templatePublished: false, scriptInstalled: false });
    const stranger = await caller(server.baseUrl, 'other@demo.test');
    expect((await stranger('GET', `/reports/onboarding?consentSolutionId=${current.id}`)).status).toBe(404);
    expect((await owner('GET', '/reports/onboarding?consentSolutionId=abc')).status).toBe(400);
  }, 150_000);
});
