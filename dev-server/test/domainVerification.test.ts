import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationRecordName } from '../../src/shared/domainVerification';
import { proveControl, type Resolver } from '../verification/proofs';
import { caller, createBody, pairs, type Call, type ConsentSolutionJson, type DomainJson } from './consentApi';
import { startFixtureSite, type FixtureSite } from './fixtures/sites/siteServer';
import { login } from './http';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * DEPLOY-4: a domain is billable and scannable only once its owner proved control, by a TXT
 * record or the well-known file holding the claim's token; an unverified claim blocks no one and
 * lapses; the spec's 409s stay for verified domains. Another account (Other Company) plays the
 * squatter who claims Demo Shop's next site first.
 */

let site: FixtureSite;
let server: TestServer;
let owner: Call;
let squatter: Call;
let sequence = 0;

beforeAll(async () => {
  site = await startFixtureSite();
  server = await startTestServer({ domainVerification: { testOnly: { fileBaseUrl: `http://{domain}:${site.port}`, loopbackPort: site.port } } });
  owner = await caller(server.baseUrl, 'owner@demo.test');
  squatter = await caller(server.baseUrl, 'other@demo.test');
}, 30_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

const uniqueDomain = (label: string): string => {
  sequence += 1;
  return `${label}-${sequence}-${Date.now().toString(36)}.com`;
};

/** A new solution of `call`'s account with `domain` as its first domain. */
const claim = async (call: Call, domain: string): Promise<DomainJson> => {
  const created = await call<ConsentSolutionJson>('POST', '/consent-solutions', createBody(domain));
  expect(created.status).toBe(201);
  return (await call<DomainJson>('GET', `/domains/${created.body.domains[0]?.id}`)).body;
};

const subscriptionPrice = async (): Promise<{ publicDomainCount: number; lines: { canonicalDomain: string }[] }> =>
  (await owner<{ price: { publicDomainCount: number; lines: { canonicalDomain: string }[] } }>('GET', '/subscriptions')).body.price;

describe('proof of control of a domain', () => {
  it('[DEPLOY-4] a new domain starts unproved with a random token for 7 days; it is neither scanned nor billed', async () => {
    const domain = uniqueDomain('fresh');
    const before = await subscriptionPrice();
    const created = await claim(owner, domain);
    expect(created.verification).toMatchObject({ status: 'pending', method: null, verifiedAt: null, problems: [] });
    expect(created.verification.token).toMatch(/^cv-[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(created.verification.expiresAt ?? '') - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await claim(owner, uniqueDomain('other-token'))).verification.token).not.toBe(created.verification.token);

    const scan = await owner('POST', `/domains/${created.id}/scans`);
    expect([scan.status, pairs(scan.body)]).toEqual([409, [['', 'error.backend.domain_not_verified']]]);
    const after = await subscriptionPrice();
    expect(after.publicDomainCount).toBe(before.publicDomainCount);
    expect(after.lines.map((line) => line.canonicalDomain)).not.toContain(domain);
    // The seeded demo domains are verified: billed and scannable as before.
    expect((await owner<DomainJson>('GET', '/domains/1')).body.verification).toMatchObject({ status: 'verified', method: 'dns' });
    expect(before.lines.map((line) => line.canonicalDomain)).toContain('demo-shop.com');
  });

  it('[DEPLOY-4] "Verify now" says what each proof lacks, then verifies by the TXT record; the domain is then billed', async () => {
    const domain = uniqueDomain('by-dns');
    const created = await claim(owner, domain);
    const failed = await owner<DomainJson>('POST', `/domains/${created.id}/verify`);
    expect([failed.status, pairs(failed.body)]).toEqual([
      422,
      [
        ['dns', 'error.backend.verification_dns_missing'],
        ['file', 'error.backend.verification_file_missing'],
      ],
    ]);
    const shown = (await owner<DomainJson>('GET', `/domains/${created.id}`)).body.verification;
    expect(shown.problems).toEqual(['error.backend.verification_dns_missing', 'error.backend.verification_file_missing']);
    // A check reaches out to the domain: not more often than every few seconds.
    const again = await owner('POST', `/domains/${created.id}/verify`);
    expect([again.status, pairs(again.body)]).toEqual([429, [['', 'error.backend.verification_too_soon']]]);

    server.dns.txt.set(verificationRecordName(domain), ['some-other-site-verification=abc', created.verification.token]);
    server.context.clock.advanceDays(0.001);
    const verified = await owner<DomainJson>('POST', `/domains/${created.id}/verify`);
    server.context.clock.reset();
    expect(verified.status).toBe(200);
    expect(verified.body.verification).toMatchObject({ status: 'verified', method: 'dns', expiresAt: null, problems: [] });
    expect((await subscriptionPrice()).lines.map((line) => line.canonicalDomain)).toContain(domain);
    // Verifying again changes nothing; a verified domain gets no new token.
    expect((await owner('POST', `/domains/${created.id}/verify`)).status).toBe(200);
    expect((await owner('POST', `/domains/${created.id}/verification-token`)).status).toBe(409);
  });

  it('[DEPLOY-4] verifies by the well-known file; a file with another token is named as such', async () => {
    const domain = uniqueDomain('by-file');
    const created = await claim(owner, domain);
    site.verificationTokens.set(domain, 'cv-not-the-token');
    const wrong = await owner('POST', `/domains/${created.id}/verify`);
    expect(pairs(wrong.body)).toContainEqual(['file', 'error.backend.verification_file_mismatch']);
    site.verificationTokens.set(domain, created.verification.token);
    server.context.clock.advanceDays(0.001);
    const verified = await owner<DomainJson>('POST', `/domains/${created.id}/verify`);
    server.context.clock.reset();
    expect([verified.status, verified.body.verification.method]).toEqual([200, 'file']);
  });

  it('[DEPLOY-4] an unverified claim never blocks the owner who verifies; then the spec’s 409s protect the verified domain and its subdomains', async () => {
    const domain = uniqueDomain('contested');
    // The squatter claims first, without proof: the real owner can still add it, and its subdomains.
    const squatted = await claim(squatter, domain);
    const owned = await claim(owner, domain);
    await claim(owner, `shop.${domain}`);
    // The real owner proves control; the squatter's claim cannot be proved any more.
    server.dns.txt.set(verificationRecordName(domain), [owned.verification.token]);
    expect((await owner('POST', `/domains/${owned.id}/verify`)).status).toBe(200);
    server.dns.txt.set(verificationRecordName(domain), [owned.verification.token, squatted.verification.token]);
    const late = await squatter('POST', `/domains/${squatted.id}/verify`);
    expect([late.status, pairs(late.body)]).toEqual([409, [['canonicalDomain', 'error.backend.domain_already_exists']]]);
    // New claims of the verified domain or its subdomains by another account: the spec's messages.
    const duplicate = await squatter('POST', '/consent-solutions', createBody(domain));
    expect([duplicate.status, pairs(duplicate.body)]).toEqual([409, [['domain.canonicalDomain', 'error.backend.domain_already_exists']]]);
    const sub = await squatter('POST', '/consent-solutions', createBody(`blog.${domain}`));
    expect([sub.status, pairs(sub.body)]).toEqual([409, [['domain.canonicalDomain', 'error.backend.root_domain_other_account']]]);
    // The same account never holds a domain twice, verified or not.
    expect((await owner('POST', '/consent-solutions', createBody(`shop.${domain}`))).status).toBe(409);
  });

  it('[DEPLOY-4] an unverified claim lapses after 7 days: its token no longer verifies; a new token starts a new claim', async () => {
    const domain = uniqueDomain('lapsing');
    const created = await claim(owner, domain);
    server.dns.txt.set(verificationRecordName(domain), [created.verification.token]);
    server.context.clock.advanceDays(7.01);
    try {
      // Sessions last hours: sign in again on the moved clock.
      const later = await caller(server.baseUrl, 'owner@demo.test');
      expect((await later<DomainJson>('GET', `/domains/${created.id}`)).body.verification.status).toBe('expired');
      const lapsed = await later('POST', `/domains/${created.id}/verify`);
      expect([lapsed.status, pairs(lapsed.body)]).toEqual([409, [['', 'error.backend.domain_claim_expired']]]);
      const renewed = await later<DomainJson>('POST', `/domains/${created.id}/verification-token`);
      expect(renewed.status).toBe(200);
      expect(renewed.body.verification).toMatchObject({ status: 'pending', problems: [] });
      expect(renewed.body.verification.token).not.toBe(created.verification.token);
      server.dns.txt.set(verificationRecordName(domain), [renewed.body.verification.token]);
      expect((await later<DomainJson>('POST', `/domains/${created.id}/verify`)).body.verification.status).toBe('verified');
    } finally {
      server.context.clock.reset();
      // Signing in on the moved clock purged every session it saw as expired: the later tests sign in again.
      owner = await caller(server.baseUrl, 'owner@demo.test');
      squatter = await caller(server.baseUrl, 'other@demo.test');
    }
  });

  it('[DEPLOY-4][ROLE-3] another account’s domain answers 404, a read-only role 403, no session 401', async () => {
    const created = await claim(owner, uniqueDomain('guarded'));
    for (const path of [`/domains/${created.id}/verify`, `/domains/${created.id}/verification-token`]) {
      expect((await squatter('POST', path)).status).toBe(404);
      expect((await fetch(`${server.baseUrl}${path}`, { method: 'POST' })).status).toBe(401);
    }
    const demo = await caller(server.baseUrl, 'demo@demo.test');
    const own = (await demo<DomainJson[]>('GET', '/domains')).body[0];
    if (own) expect((await demo('POST', `/domains/${own.id}/verify`)).status).toBe(403);
    expect(await login(server.baseUrl, 'owner@demo.test')).not.toBe('');
  });
});

describe('the file check’s SSRF rules (DEPLOY-4)', () => {
  const resolving = (address: string): Resolver => ({
    resolveTxt: () => Promise.reject(Object.assign(new Error('none'), { code: 'ENOTFOUND' })),
    lookup: () => Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]),
  });

  it('[DEPLOY-4] never fetches from a loopback, private, link-local or metadata address, nor a test port it was not given', async () => {
    site.verificationTokens.set('ssrf.example', 'cv-token');
    for (const address of ['127.0.0.1', '10.0.0.5', '192.168.1.10', '169.254.169.254', '::1', 'fd00::1', '100.64.0.1']) {
      const outcome = await proveControl('ssrf.example', 'cv-token', { resolver: resolving(address) });
      expect(outcome, address).toEqual({ problems: ['error.backend.verification_dns_missing', 'error.backend.verification_file_private_address'] });
    }
    // The test option opens loopback at the fixture's port only.
    const otherPort = { fileBaseUrl: `http://{domain}:${site.port + 1}`, loopbackPort: site.port };
    expect(await proveControl('ssrf.example', 'cv-token', { resolver: resolving('127.0.0.1'), testOnly: otherPort })).toMatchObject({
      problems: ['error.backend.verification_dns_missing', 'error.backend.verification_file_private_address'],
    });
    const fixture = { fileBaseUrl: `http://{domain}:${site.port}`, loopbackPort: site.port };
    expect(await proveControl('ssrf.example', 'cv-token', { resolver: resolving('127.0.0.1'), testOnly: fixture })).toEqual({ method: 'file' });
  });
});
