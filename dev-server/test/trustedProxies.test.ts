import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_STANDARDS } from '../../src/schemas/privacyStandards';
import { caller } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * DEPLOY-2: the visitor's region and address come from a proxy only when the connection comes
 * from one the operator listed (TRUSTED_PROXIES); a region decision is never a shared cache's.
 * Demo Shop's solution 1, regional rules on, published.
 */

const COUNTRY_HEADER = 'CF-IPCountry';
const CS = 1;
const regions = { ...DEFAULT_PRIVACY_STANDARDS, regions: { enabled: true, us: 'opt-out' as const, other: 'opt-in' as const } };

/** A server whose CDN header is configured, trusting `trustedProxies`; solution 1 published with regional rules. */
const publishedWithRegions = async (trustedProxies: string[]): Promise<TestServer> => {
  const server = await startTestServer({ countryHeader: COUNTRY_HEADER, trustedProxies, consentRecordLimits: { perAddress: 1 } });
  const owner = await caller(server.baseUrl, 'owner@demo.test');
  expect((await owner('PUT', `/consent-solutions/${CS}/standards`, regions)).status).toBe(200);
  expect((await owner('POST', `/consent-solutions/${CS}/publish`, {})).status).toBe(201);
  return server;
};

const visitorOf = async (res: Response): Promise<unknown> => JSON.parse(/\}\)\((\{[^()]*\})\);\s*$/.exec(await res.text())?.[1] ?? 'null');

const banner = (server: TestServer, headers: Record<string, string>) => fetch(`${server.baseUrl}/cdn/${CS}/banner.js`, { headers });

/**
 * A record the limiter counts and validation then refuses (400): the budget is what is tested,
 * without opening the consent log.
 */
const record = async (server: TestServer, headers: Record<string, string>): Promise<number> =>
  (
    await fetch(`${server.baseUrl}/consent/${CS}/records`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://demo-shop.com', ...headers },
      body: JSON.stringify({ action: 'accept' }),
    })
  ).status;

describe('a visitor talking to the API directly (no trusted proxy)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await publishedWithRegions(['10.0.0.0/8']);
  });
  afterAll(() => server.close());

  it('[DEPLOY-2] cannot choose its region with the CDN header or a forwarded address: the connection’s own address decides, privately', async () => {
    const attempts: Record<string, string>[] = [
      { [COUNTRY_HEADER]: 'US' },
      { 'x-forwarded-for': '8.8.8.8' },
      { [COUNTRY_HEADER]: 'US', 'x-forwarded-for': '8.8.8.8' },
    ];
    for (const headers of attempts) {
      const res = await banner(server, headers);
      // 127.0.0.1 is in no country: the rest of the world's rule, not the US opt-out the headers asked for.
      expect(await visitorOf(res), JSON.stringify(headers)).toEqual({ region: 'other', rule: 'opt-in' });
      expect(res.headers.get('cache-control')).toBe('private, max-age=60, must-revalidate');
    }
  });

  it('[DEPLOY-2] cannot get a fresh record budget by naming another address', async () => {
    expect(await record(server, { 'x-forwarded-for': '203.0.113.1' })).toBe(400);
    expect(await record(server, { 'x-forwarded-for': '203.0.113.2' })).toBe(429);
  });
});

describe('a visitor behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await publishedWithRegions(['loopback']);
  });
  afterAll(() => server.close());

  it('[DEPLOY-2] gets the region of the proxy’s country header, else of the forwarded address, never in a shared cache', async () => {
    const us = await banner(server, { [COUNTRY_HEADER]: 'US' });
    expect(await visitorOf(us)).toEqual({ region: 'us', rule: 'opt-out' });
    expect(us.headers.get('cache-control')).toBe('private, max-age=60, must-revalidate');
    // Without the header, the address the proxy forwarded (8.8.8.8 is Google's, in the US) decides.
    expect(await visitorOf(await banner(server, { 'x-forwarded-for': '8.8.8.8' }))).toEqual({ region: 'us', rule: 'opt-out' });
  });

  it('[DEPLOY-2] the compressed copy is kept per region: a Brazilian after a German gets Brazil’s region, not the German’s', async () => {
    // Both rules are opt-in: only the region tells them apart.
    const german = await banner(server, { [COUNTRY_HEADER]: 'DE', 'accept-encoding': 'gzip' });
    expect(await visitorOf(german)).toEqual({ region: 'eu', rule: 'opt-in' });
    const brazilian = await banner(server, { [COUNTRY_HEADER]: 'BR', 'accept-encoding': 'gzip' });
    expect(brazilian.headers.get('content-encoding')).toBe('gzip');
    expect(await visitorOf(brazilian)).toEqual({ region: 'other', rule: 'opt-in' });
    expect(brazilian.headers.get('etag')).not.toBe(german.headers.get('etag'));
    // A browser revalidating the German's copy for a Brazilian visitor is told it changed.
    expect((await banner(server, { [COUNTRY_HEADER]: 'BR', 'if-none-match': german.headers.get('etag') ?? '' })).status).toBe(200);
  });

  it('[DEPLOY-2] counts each forwarded visitor on its own record budget', async () => {
    expect(await record(server, { 'x-forwarded-for': '203.0.113.1' })).toBe(400);
    expect(await record(server, { 'x-forwarded-for': '203.0.113.2' })).toBe(400);
    expect(await record(server, { 'x-forwarded-for': '203.0.113.2' })).toBe(429);
  });
});
