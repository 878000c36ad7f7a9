import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCanonicalDomain } from '../../src/schemas/domain';
import { checkDomainCreation } from '../rules/domainRules';
import type { ConsentSolutionRow, DomainRow } from '../store/types';
import { caller, pairs, SEED, type Call, type ConsentSolutionJson, type DomainJson } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

const rows = <T>(name: string): T[] => server.store.state()[name] as T[];

/** A valid `POST /domains` body on the seed's "Shop blog" solution (id 2). */
const domainBody = (canonicalDomain: string, overrides: Record<string, unknown> = {}) => ({
  consentSolutionId: 2,
  canonicalDomain,
  type: 'website',
  defaultLanguage: 'en',
  scanDepth: 500,
  scanFrequency: 7,
  ...overrides,
});

const summaryOf = async (solutionId: number) => (await owner<ConsentSolutionJson>('GET', `/consent-solutions/${solutionId}`)).body.domains;

describe('seed', () => {
  it('[ENT-1] every seeded domain is canonical, passes the domain rules, and each summary matches its domains', () => {
    const domains = rows<DomainRow>('domains');
    const solutions = rows<ConsentSolutionRow>('consentSolutions');
    expect(domains.length).toBeGreaterThanOrEqual(10);
    for (const domain of domains) {
      expect(isCanonicalDomain(domain.canonicalDomain), domain.canonicalDomain).toBe(true);
      expect(checkDomainCreation({ domains, consentSolutions: solutions }, domain), domain.canonicalDomain).toEqual([]);
      const solution = solutions.find((s) => s.id === domain.consentSolutionId);
      expect(solution?.accountId).toBe(domain.accountId);
    }
    for (const solution of solutions) {
      const own = domains.filter((d) => d.consentSolutionId === solution.id);
      expect(solution.domains).toEqual(own.map((d) => ({ id: d.id, canonicalDomain: d.canonicalDomain, type: d.type, status: d.status })));
      expect(own.some((d) => d.type === 'website')).toBe(true);
    }
    expect(new Set(domains.filter((d) => d.accountId === 1).map((d) => d.type))).toEqual(new Set(['website', 'internal_alias', 'external_alias']));
  });
});

describe('POST /domains', () => {
  it('[ENT-1] creates with read-only fields set by the server and keeps the solution summary in step', async () => {
    const res = await owner<DomainJson>(
      'POST',
      '/domains',
      domainBody('news.demo-shop.com', {
        // Read-only fields a client might send: all ignored.
        status: 'active',
        cookiesFound: 99,
        createdBy: 'someone@else.test',
        lastScanAt: '2020-01-01T00:00:00.000Z',
        accountId: 2,
        id: 1,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      consentSolutionId: 2,
      accountId: 1,
      canonicalDomain: 'news.demo-shop.com',
      status: 'pending',
      cookiesFound: 0,
      createdBy: 'owner@demo.test',
      lastScanAt: null,
    });
    expect(res.body.id).toBeGreaterThan(SEED.otherDomain);
    expect(res.body.updatedAt).toBe(res.body.createdAt);
    expect(await summaryOf(2)).toContainEqual({ id: res.body.id, canonicalDomain: 'news.demo-shop.com', type: 'website', status: 'pending' });
    expect((await owner('GET', `/domains/${res.body.id}`)).body).toEqual(res.body);

    const list = await owner<DomainJson[]>('GET', '/domains?consentSolutionId=2&_sort=id&_order=desc&_limit=1');
    expect([list.total, list.body.map((d) => d.id)]).toEqual([3, [res.body.id]]);

    expect((await owner('DELETE', `/domains/${res.body.id}`)).status).toBe(204);
    expect((await summaryOf(2)).map((d) => d.canonicalDomain)).toEqual(['blog.demo-shop.com', 'demo-shop-preview.com']);
    expect((await owner('GET', `/domains/${res.body.id}`)).status).toBe(404);
  });

  it('[ERR-2] refuses a non-canonical domain', async () => {
    for (const input of [
      'https://shop.demo-shop.com',
      'www.shop-demo.com',
      'Shop.demo-shop.com',
      'shop.demo-shop.com/path',
      'localhost',
      '192.168.1.10',
      'co.uk',
      'münchen-shop.de',
    ]) {
      const res = await owner('POST', '/domains', domainBody(input));
      expect([res.status, pairs(res.body)], input).toEqual([400, [['canonicalDomain', 'validation.domain_not_canonical']]]);
    }
    const empty = await owner('POST', '/domains', domainBody(''));
    expect(pairs(empty.body)).toEqual([['canonicalDomain', 'validation.url_required']]);
    const missing = await owner('POST', '/domains', { type: 'website' });
    expect(
      pairs(missing.body)
        .map(([path]) => path)
        .sort(),
    ).toEqual(['canonicalDomain', 'consentSolutionId', 'defaultLanguage', 'scanDepth', 'scanFrequency']);
    // Trimmed, not refused: surrounding whitespace is a paste artefact.
    const trimmed = await owner<DomainJson>('POST', '/domains', domainBody('  trimmed.demo-shop.com '));
    expect([trimmed.status, trimmed.body.canonicalDomain]).toEqual([201, 'trimmed.demo-shop.com']);
  });

  it('[ERR-2] duplicate', async () => {
    // In the same solution, in another of the account's solutions, and another account's.
    for (const [input, solutionId] of [
      ['blog.demo-shop.com', 2],
      ['demo-shop.com', 2],
      ['other-company.com', 1],
    ] as const) {
      const res = await owner('POST', '/domains', domainBody(input, { consentSolutionId: solutionId }));
      expect([res.status, pairs(res.body)], input).toEqual([409, [['canonicalDomain', 'error.backend.domain_already_exists']]]);
    }
  });

  it('[ERR-2] root domain of another account', async () => {
    for (const input of ['shop.other-company.com', 'a.b.client-bakery.fr']) {
      const res = await owner('POST', '/domains', domainBody(input));
      expect([res.status, pairs(res.body)], input).toEqual([409, [['canonicalDomain', 'error.backend.root_domain_other_account']]]);
    }
    // A subdomain of one's own root is fine.
    expect((await owner('POST', '/domains', domainBody('shop.demo-shop.com'))).status).toBe(201);
  });

  it('[ENT-1] depth and frequency choices', async () => {
    let n = 0;
    for (const scanDepth of [500, 5000, 15000]) {
      for (const scanFrequency of [1, 7, 30, 0]) {
        n += 1;
        const res = await owner<DomainJson>(
          'POST',
          '/domains',
          domainBody(`choice${n}.demo-shop.com`, { scanDepth, scanFrequency, type: n % 3 === 0 ? 'internal_alias' : 'website' }),
        );
        expect([res.status, res.body.scanDepth, res.body.scanFrequency]).toEqual([201, scanDepth, scanFrequency]);
      }
    }
    const refused: [Record<string, unknown>, [string, string][]][] = [
      [{ scanDepth: 1000 }, [['scanDepth', 'validation.scan_depth_invalid']]],
      [{ scanDepth: '500' }, [['scanDepth', 'validation.scan_depth_invalid']]],
      [{ scanDepth: null }, [['scanDepth', 'validation.required']]],
      [{ scanFrequency: 14 }, [['scanFrequency', 'validation.scan_frequency_invalid']]],
      [{ scanFrequency: 'weekly' }, [['scanFrequency', 'validation.scan_frequency_invalid']]],
      [{ scanFrequency: -1 }, [['scanFrequency', 'validation.scan_frequency_invalid']]],
      [{ type: 'alias' }, [['type', 'validation.domain_type_invalid']]],
      [{ defaultLanguage: 'english' }, [['defaultLanguage', 'validation.language_invalid']]],
    ];
    for (const [overrides, expected] of refused) {
      const res = await owner('POST', '/domains', domainBody('refused.demo-shop.com', overrides));
      expect([res.status, pairs(res.body)], JSON.stringify(overrides)).toEqual([400, expected]);
    }
    const patch = await owner('PATCH', '/domains/4', { scanDepth: 42, scanFrequency: 2 });
    expect(pairs(patch.body)).toEqual([
      ['scanDepth', 'validation.scan_depth_invalid'],
      ['scanFrequency', 'validation.scan_frequency_invalid'],
    ]);
  });
});

describe('PATCH and DELETE /domains/:id', () => {
  it('[ERR-2] immutable canonical domain and type', async () => {
    const changed = await owner('PATCH', '/domains/4', { canonicalDomain: 'blog2.demo-shop.com', scanDepth: 5000 });
    expect([changed.status, pairs(changed.body)]).toEqual([400, [['canonicalDomain', 'error.backend.domain_immutable']]]);
    const both = await owner('PATCH', '/domains/4', { canonicalDomain: 'blog2.demo-shop.com', type: 'external_alias' });
    expect(pairs(both.body)).toEqual([
      ['canonicalDomain', 'error.backend.domain_immutable'],
      ['type', 'error.backend.domain_immutable'],
    ]);
    expect(rows<DomainRow>('domains').find((d) => d.id === 4)).toMatchObject({ canonicalDomain: 'blog.demo-shop.com', type: 'website', scanDepth: 500 });

    // The whole record sent back (react-admin's PUT) with the same domain and type is an edit.
    const current = (await owner<DomainJson>('GET', '/domains/4')).body;
    const put = await owner<DomainJson>('PUT', '/domains/4', { ...current, scanDepth: 15000, scanFrequency: 1, defaultLanguage: 'fr', status: 'error' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...current, scanDepth: 15000, scanFrequency: 1, defaultLanguage: 'fr', updatedAt: put.body.updatedAt });
    const patch = await owner<DomainJson>('PATCH', '/domains/4', { scanFrequency: 0 }, 'application/merge-patch+json');
    expect([patch.status, patch.body.scanFrequency, patch.body.scanDepth]).toEqual([200, 0, 15000]);
  });

  it('[ERR-2] last public domain', async () => {
    // Client Bakery: one solution, one public domain (9) and one external alias (10).
    const client = await caller(server.baseUrl, 'client@demo.test');
    const refused = await client('DELETE', '/domains/9');
    expect([refused.status, pairs(refused.body)]).toEqual([409, [['', 'error.backend.last_public_domain']]]);
    expect((await client('DELETE', '/domains/10')).status).toBe(204); // aliases are always removable
    const second = await client<DomainJson>('POST', '/domains', domainBody('boutique.client-bakery.fr', { consentSolutionId: 5 }));
    expect(second.status).toBe(201);
    expect((await client('DELETE', '/domains/9')).status).toBe(204);
    const last = await client('DELETE', `/domains/${second.body.id}`);
    expect([last.status, pairs(last.body)]).toEqual([409, [['', 'error.backend.last_public_domain']]]);
    expect((await client<ConsentSolutionJson>('GET', '/consent-solutions/5')).body.domains.map((d) => d.canonicalDomain)).toEqual([
      'boutique.client-bakery.fr',
    ]);
  });

  it('[ROUTE-16] unknown ids, stray query keys and unsupported methods answer 4xx', async () => {
    expect((await owner('GET', '/domains/abc')).status).toBe(404);
    expect((await owner('GET', '/domains/4?_embed=cookies')).status).toBe(400);
    expect((await owner('GET', '/domains?_like=x')).status).toBe(400);
    expect((await owner('POST', '/domains/4', {})).status).toBe(405);
    expect((await owner('DELETE', '/domains')).status).toBe(405);
  });
});
