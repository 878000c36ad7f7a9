import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClaim } from '../data/domainVerification';
import type { ConsentSolutionRow, DomainRow, User } from '../store/types';
import { login, messageKeys } from './http';
import { caller, createBody, pairs, SEED, type Call, type ConsentSolutionJson, type DomainJson } from './consentApi';
import { insertRow, startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
let other: Call;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  other = await caller(server.baseUrl, 'other@demo.test');
});
afterAll(() => server.close());

const rows = <T>(name: string): T[] => server.store.state()[name] as T[];
const counts = () => ({ solutions: rows('consentSolutions').length, domains: rows('domains').length });
const names = (body: unknown): string[] => (body as ConsentSolutionJson[]).map((s) => s.name);

describe('GET /consent-solutions', () => {
  it('[ROUTE-10] q matches name and public domain, not alias', async () => {
    const search = async (q: string) => names((await owner('GET', `/consent-solutions?q=${encodeURIComponent(q)}`)).body);
    expect(await search('center')).toEqual(['Help Center']); // name only
    expect(await search('AIDE-DEMO-SHOP')).toEqual(['Help Center']); // public domain only, any case
    expect(await search('blog')).toEqual(['Shop blog']); // both
    expect(await search('staging')).toEqual([]); // internal alias staging.demo-shop.com
    expect(await search('preview')).toEqual([]); // external alias demo-shop-preview.com
    expect(await search('other-company')).toEqual([]); // another account's public domain
    const all = await owner('GET', '/consent-solutions?q=');
    expect(all.total).toBe(SEED.demoShopSolutions);
  });

  it('[ROUTE-10] pages and sorts on the server with X-Total-Count of all matches', async () => {
    const first = await owner('GET', '/consent-solutions?_page=1&_limit=2&_sort=name&_order=asc');
    expect(first.status).toBe(200);
    expect(first.total).toBe(SEED.demoShopSolutions);
    expect(names(first.body)).toEqual(['Demo Shop', 'Help Center']);
    const second = await owner('GET', '/consent-solutions?_page=2&_limit=2&_sort=name&_order=asc');
    expect(names(second.body)).toEqual(['Shop blog']);
    // react-admin's json-server provider pages with _start/_end and upper-case orders.
    const ra = await owner('GET', '/consent-solutions?_sort=id&_order=DESC&_start=0&_end=1');
    expect([ra.total, (ra.body as ConsentSolutionJson[]).map((s) => s.id)]).toEqual([SEED.demoShopSolutions, [3]]);
    const bad = await owner('GET', '/consent-solutions?_embed=domains');
    expect([bad.status, pairs(bad.body)]).toEqual([400, [['_embed', 'error.backend.invalid_query']]]);
    const badSort = await owner('GET', '/consent-solutions?_sort=accountId');
    expect(badSort.status).toBe(400);
  });
});

describe('POST /consent-solutions', () => {
  it('[ROUTE-11] create makes solution and first domain atomically', async () => {
    const before = counts();
    const refused = [
      // schema: wrong type and language, each on its field
      [
        createBody('new-shop.com', { type: 'shop' }, { defaultLanguage: 'xx' }),
        400,
        [
          ['defaultLanguage', 'validation.language_invalid'],
          ['domain.type', 'validation.domain_type_invalid'],
        ],
      ],
      [createBody('https://www.new-shop.com'), 400, [['domain.canonicalDomain', 'validation.domain_not_canonical']]],
      [createBody('new-shop.com', {}, { additionalLanguages: ['en'] }), 400, [['additionalLanguages.0', 'validation.additional_language_is_default']]],
      [
        { defaultLanguage: 'en', additionalLanguages: [] },
        400,
        [
          ['domain.canonicalDomain', 'validation.url_required'],
          ['domain.type', 'validation.required'],
          ['domain.scanDepth', 'validation.required'],
          ['domain.scanFrequency', 'validation.required'],
        ],
      ],
      // rules that need the stored data, checked after the schema passed
      [createBody('demo-shop.com'), 409, [['domain.canonicalDomain', 'error.backend.domain_already_exists']]],
      [createBody('shop.other-company.com'), 409, [['domain.canonicalDomain', 'error.backend.root_domain_other_account']]],
      // a role check after everything else validated
      [createBody('new-shop.com', {}, { sharedConsent: true }), 403, [['sharedConsent', 'error.backend.permission_denied']]],
    ] as const;
    for (const [body, status, expected] of refused) {
      const res = await owner('POST', '/consent-solutions', body);
      expect([res.status, pairs(res.body).sort()], JSON.stringify(body)).toEqual([status, [...expected].map((p) => [...p]).sort()]);
      expect(counts()).toEqual(before);
    }

    const created = await owner<ConsentSolutionJson>(
      'POST',
      '/consent-solutions',
      createBody('new-shop.com', { type: 'website', scanDepth: 5000, scanFrequency: 30 }),
    );
    expect(created.status).toBe(201);
    const solution = created.body;
    expect(solution).toMatchObject({
      accountId: 1,
      name: 'new-shop.com', // defaults to the domain
      defaultLanguage: 'en',
      additionalLanguages: ['fr'],
      sharedConsent: false,
      autoblocking: false,
      consentVersion: 1,
    });
    expect(solution.consentVersionAt).toBe(solution.createdAt);
    expect(counts()).toEqual({ solutions: before.solutions + 1, domains: before.domains + 1 });
    const domains = await owner<DomainJson[]>('GET', `/domains?consentSolutionId=${solution.id}`);
    expect(domains.total).toBe(1);
    const [domain] = domains.body;
    expect(domain).toMatchObject({
      consentSolutionId: solution.id,
      accountId: 1,
      canonicalDomain: 'new-shop.com',
      type: 'website',
      defaultLanguage: 'en',
      scanDepth: 5000,
      scanFrequency: 30,
      status: 'pending',
      createdBy: 'owner@demo.test',
      lastScanAt: null,
      cookiesFound: 0,
    });
    expect(solution.domains).toEqual([{ id: domain?.id, canonicalDomain: 'new-shop.com', type: 'website', status: 'pending' }]);
    expect((await owner('GET', `/consent-solutions/${solution.id}`)).body).toEqual(solution);

    // A name given is kept (trimmed); the domain body may come as JSON-LD.
    const named = await owner<ConsentSolutionJson>(
      'POST',
      '/consent-solutions',
      createBody('named-shop.com', {}, { name: '  My shop ' }),
      'application/ld+json',
    );
    expect([named.status, named.body.name]).toEqual([201, 'My shop']);
  });

  it('[ENT-8] a malformed or non-JSON body answers violations, never a 500', async () => {
    const cookie = await login(server.baseUrl, 'owner@demo.test');
    for (const [body, type, status, key] of [
      ['{', 'application/json', 400, 'error.backend.empty_or_malformed_body'],
      ['[]', 'application/json', 400, 'error.backend.empty_or_malformed_body'],
      ['{"domain": 3, "additionalLanguages": "fr"}', 'application/json', 400, 'validation.invalid_value'],
      ['a=b', 'text/plain', 415, 'error.backend.unsupported_media_type'],
    ] as const) {
      const res = await fetch(`${server.baseUrl}/consent-solutions`, { method: 'POST', headers: { 'content-type': type, cookie }, body });
      expect(res.status, body).toBe(status);
      expect(await messageKeys(res), body).toContain(key);
    }
    expect((await owner('POST', '/consent-solutions')).status).toBe(400);
  });
});

describe('PATCH /consent-solutions/:id', () => {
  it('[ROUTE-14] updates settings, validates the merged languages, ignores read-only fields', async () => {
    const res = await owner<ConsentSolutionJson>('PATCH', '/consent-solutions/2', { name: 'Blog', autoblocking: true }, 'application/merge-patch+json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 2, name: 'Blog', autoblocking: true, additionalLanguages: ['fr'] });
    expect(res.body.updatedAt >= res.body.createdAt).toBe(true);

    // Solution 1 has additional languages fr and de: fr cannot become the default as well.
    const clash = await owner('PATCH', '/consent-solutions/1', { defaultLanguage: 'fr' });
    expect([clash.status, pairs(clash.body)]).toEqual([400, [['additionalLanguages.0', 'validation.additional_language_is_default']]]);
    const blank = await owner('PATCH', '/consent-solutions/1', { name: ' ', sharedConsent: 'yes' });
    expect(pairs(blank.body)).toEqual([
      ['name', 'validation.name_required'],
      ['sharedConsent', 'validation.boolean_required'],
    ]);

    // react-admin sends the whole record back with PUT: server-kept fields stay the server's.
    const current = (await owner<ConsentSolutionJson>('GET', '/consent-solutions/2')).body;
    const put = await owner<ConsentSolutionJson>('PUT', '/consent-solutions/2', {
      ...current,
      name: 'Blog EN',
      accountId: 2,
      consentVersion: 99,
      domains: [],
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...current, name: 'Blog EN', updatedAt: put.body.updatedAt });
  });

  it('[ROLE-1] turning shared consent on needs ROLE_UNIVERSAL_CONSENT_SOLUTIONS or ROLE_ADMIN', async () => {
    const denied = await owner('PATCH', '/consent-solutions/3', { sharedConsent: true });
    expect([denied.status, pairs(denied.body)]).toEqual([403, [['sharedConsent', 'error.backend.permission_denied']]]);
    expect(rows<ConsentSolutionRow>('consentSolutions').find((s) => s.id === 3)?.sharedConsent).toBe(false);

    // A universal-consent user of the same account (no seed user has the role).
    const template = rows<User>('users').find((u) => u.id === 1);
    if (!template) throw new Error('seed owner missing');
    const { id: _id, ...rest } = template;
    insertRow<User>(server.store, 'users', { ...rest, email: 'universal@demo.test', roles: ['ROLE_USER', 'ROLE_UNIVERSAL_CONSENT_SOLUTIONS'] });
    const universal = await caller(server.baseUrl, 'universal@demo.test');
    const on = await universal<ConsentSolutionJson>('PATCH', '/consent-solutions/3', { sharedConsent: true });
    expect([on.status, on.body.sharedConsent]).toEqual([200, true]);
    // Sending it back unchanged is not "turning it on"; turning it off is anyone's right.
    expect((await owner('PATCH', '/consent-solutions/3', { sharedConsent: true, name: 'Help' })).status).toBe(200);
    expect((await owner<ConsentSolutionJson>('PATCH', '/consent-solutions/3', { sharedConsent: false })).body.sharedConsent).toBe(false);

    const admin = await caller(server.baseUrl, 'admin@demo.test');
    const created = await admin<ConsentSolutionJson>('POST', '/consent-solutions', createBody('operations-demo.com', {}, { sharedConsent: true }));
    expect([created.status, created.body.sharedConsent, created.body.accountId]).toEqual([201, true, 7]);
  });
});

describe('push for consent and delete', () => {
  it('[ROUTE-14] push for consent bumps the version', async () => {
    const before = (await owner<ConsentSolutionJson>('GET', '/consent-solutions/1')).body;
    const pushed = await owner<{ consentVersion: number; consentVersionAt: string }>('POST', '/consent-solutions/1/push-for-consent', {});
    expect(pushed.status).toBe(200);
    expect(Object.keys(pushed.body).sort()).toEqual(['consentVersion', 'consentVersionAt']);
    expect(pushed.body.consentVersion).toBe(before.consentVersion + 1);
    expect(pushed.body.consentVersionAt > before.consentVersionAt).toBe(true);
    const again = await owner<{ consentVersion: number }>('POST', '/consent-solutions/1/push-for-consent');
    expect(again.body.consentVersion).toBe(before.consentVersion + 2);
    expect((await owner<ConsentSolutionJson>('GET', '/consent-solutions/1')).body.consentVersion).toBe(before.consentVersion + 2);
    expect((await owner('GET', '/consent-solutions/1/push-for-consent')).status).toBe(405);
  });

  it('[ERR-2] solution with active domains', async () => {
    const created = (await owner<ConsentSolutionJson>('POST', '/consent-solutions', createBody('short-lived.com'))).body;
    const refused = await owner('DELETE', `/consent-solutions/${created.id}`);
    expect([refused.status, pairs(refused.body)]).toEqual([409, [['', 'error.backend.consent_solution_has_active_domains']]]);

    // Once its domains are gone (the account keeps other public domains), the solution goes.
    const domainId = created.domains[0]?.id;
    expect((await owner('DELETE', `/domains/${domainId}`)).status).toBe(204);
    expect((await owner<ConsentSolutionJson>('GET', `/consent-solutions/${created.id}`)).body.domains).toEqual([]);
    expect((await owner('DELETE', `/consent-solutions/${created.id}`)).status).toBe(204);
    expect((await owner('GET', `/consent-solutions/${created.id}`)).status).toBe(404);

    // Switched-off domains do not block the removal and go with their solution.
    const second = (await owner<ConsentSolutionJson>('POST', '/consent-solutions', createBody('switched-off.com'))).body;
    const stored = rows<DomainRow>('domains').find((d) => d.consentSolutionId === second.id);
    if (!stored) throw new Error('domain not stored');
    stored.status = 'inactive';
    expect((await owner('DELETE', `/consent-solutions/${second.id}`)).status).toBe(204);
    expect(rows<DomainRow>('domains').some((d) => d.consentSolutionId === second.id)).toBe(false);
  });
});

describe('ownership and roles', () => {
  it("[ROLE-3] another account's solution and domain answer 404 on read/update/delete, and lists hold only own rows with the right X-Total-Count", async () => {
    const list = await other<ConsentSolutionJson[]>('GET', '/consent-solutions');
    expect([list.status, list.total, list.body.map((s) => s.id)]).toEqual([200, 1, [SEED.otherSolution]]);
    const paged = await other('GET', '/consent-solutions?_page=1&_limit=10&q=o');
    expect(paged.total).toBe(1);
    const domains = await other<DomainJson[]>('GET', '/domains');
    expect([domains.total, domains.body.map((d) => d.id)]).toEqual([1, [SEED.otherDomain]]);
    const ownerDomains = await owner<DomainJson[]>('GET', '/domains?_limit=2');
    expect(ownerDomains.body).toHaveLength(2);
    expect(ownerDomains.body.every((d) => d.accountId === 1)).toBe(true);
    expect(ownerDomains.total).toBe(rows<DomainRow>('domains').filter((d) => d.accountId === 1).length);
    // Filtering by another account's solution finds nothing rather than its domains.
    expect((await owner('GET', `/domains?consentSolutionId=${SEED.otherSolution}`)).total).toBe(0);

    const before = JSON.stringify(server.store.state());
    const solutionPath = `/consent-solutions/${SEED.otherSolution}`;
    for (const [method, path, body] of [
      ['GET', solutionPath, undefined],
      ['PATCH', solutionPath, { name: 'Mine now' }],
      ['PUT', solutionPath, { name: 'Mine now' }],
      ['DELETE', solutionPath, undefined],
      ['POST', `${solutionPath}/push-for-consent`, {}],
      [
        'POST',
        '/domains',
        { consentSolutionId: SEED.otherSolution, canonicalDomain: 'sneaky.com', type: 'website', defaultLanguage: 'en', scanDepth: 500, scanFrequency: 7 },
      ],
      ['GET', '/consent-solutions/999999', undefined],
    ] as const) {
      const res = await owner(method, path, body);
      expect([res.status, pairs(res.body)], `${method} ${path}`).toEqual([404, [['', 'error.backend.consent_solution_not_found']]]);
    }
    const domainPath = `/domains/${SEED.otherDomain}`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { scanDepth: 5000 }],
      ['PUT', { scanDepth: 5000 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await owner(method, domainPath, body);
      expect([res.status, pairs(res.body)], `${method} ${domainPath}`).toEqual([404, [['', 'error.backend.not_found']]]);
    }
    expect(JSON.stringify(server.store.state())).toBe(before);
    expect((await fetch(`${server.baseUrl}/consent-solutions`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/domains`)).status).toBe(401);
  });

  it('[ROLE-1] demo user cannot write', async () => {
    // The read-only demo account (3) gets one solution of its own to try writing to.
    const now = new Date().toISOString();
    const solutionId = server.store.nextId('consentSolutions');
    const domainId = server.store.nextId('domains');
    rows<DomainRow>('domains').push({
      id: domainId,
      accountId: 3,
      consentSolutionId: solutionId,
      canonicalDomain: 'demo-readonly.com',
      type: 'website',
      defaultLanguage: 'en',
      scanDepth: 500,
      scanFrequency: 7,
      status: 'active',
      createdAt: now,
      createdBy: 'demo@demo.test',
      updatedAt: now,
      lastScanAt: null,
      cookiesFound: 0,
      verification: newClaim(new Date(now)),
    });
    rows<ConsentSolutionRow>('consentSolutions').push({
      id: solutionId,
      accountId: 3,
      name: 'Read-only demo',
      defaultLanguage: 'en',
      additionalLanguages: [],
      sharedConsent: false,
      autoblocking: false,
      consentVersion: 1,
      consentVersionAt: now,
      createdAt: now,
      updatedAt: now,
      domains: [{ id: domainId, canonicalDomain: 'demo-readonly.com', type: 'website', status: 'active' }],
    });
    const demo = await caller(server.baseUrl, 'demo@demo.test');
    // The seeded Demo Store (ROLE-4) and this one.
    expect((await demo('GET', '/consent-solutions')).total).toBe(2);
    expect((await demo('GET', `/domains/${domainId}`)).status).toBe(200);
    expect((await demo('GET', '/pricing')).status).toBe(200);

    const before = JSON.stringify(server.store.state());
    for (const [method, path, body] of [
      ['POST', '/consent-solutions', createBody('demo-readonly-2.com')],
      ['PATCH', `/consent-solutions/${solutionId}`, { name: 'x' }],
      ['PUT', `/consent-solutions/${solutionId}`, { name: 'x' }],
      ['DELETE', `/consent-solutions/${solutionId}`, undefined],
      ['POST', `/consent-solutions/${solutionId}/push-for-consent`, {}],
      [
        'POST',
        '/domains',
        { consentSolutionId: solutionId, canonicalDomain: 'shop.demo-readonly.com', type: 'website', defaultLanguage: 'en', scanDepth: 500, scanFrequency: 7 },
      ],
      ['PATCH', `/domains/${domainId}`, { scanDepth: 5000 }],
      ['DELETE', `/domains/${domainId}`, undefined],
    ] as const) {
      const res = await demo(method, path, body);
      expect([res.status, pairs(res.body)], `${method} ${path}`).toEqual([403, [['', 'error.backend.permission_denied']]]);
    }
    expect(JSON.stringify(server.store.state())).toBe(before);
  });
});
