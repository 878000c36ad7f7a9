import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solutionDir } from '../cdn/cdnFiles';
import { OWNERSHIP } from '../store/cascade';
import type { Row } from '../store/types';
import { caller, createBody, type Call, type ConsentSolutionJson, type DomainJson } from './consentApi';
import { publishedBannerText, uiFilesOf } from './publishedBanner';
import { proveDomain, startTestServer, type TestServer } from './startTestServer';

/**
 * SEC-1 and SEC-2 over the real routes: account A (Demo Shop) creates one object of every kind,
 * publishes, scans, deletes; account B (Other Company) then creates the same kinds. Nothing of
 * A's reaches B through any route, no id is given twice, and that holds across a restart.
 */

let server: TestServer;
let a: Call;
let b: Call;
beforeAll(async () => {
  server = await startTestServer();
  a = await caller(server.baseUrl, 'owner@demo.test');
  b = await caller(server.baseUrl, 'other@demo.test');
});
afterAll(() => server.close());

interface IdJson {
  id: number;
}
interface PopupJson {
  mode: 'default' | 'custom';
  templateId: number | null;
}

const A_MARKER = 'account-a-private-marker';
const templateCode = (marker: string) => ({
  html: `<div role="dialog" aria-labelledby="h"><h2 id="h">{{popup.bannerHeading}}</h2><p>${marker}</p><button data-consent-action="accept">{{popup.acceptButton}}</button></div>`,
  css: '#cm-banner { color: #123; }',
  js: `root.setAttribute("data-owner", "${marker}");`,
  displayFunction: 'root.hidden = false;',
  hideFunction: 'root.hidden = true;',
});

const expectStatus = async <T>(promise: Promise<{ status: number; body: T }>, status: number): Promise<T> => {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const cdn = (solutionId: number) => fetch(`${server.baseUrl}/cdn/${solutionId}/banner.js`);

/** Rows left in `collection` whose `key` is one of `ids`. */
const leftovers = (collection: string, key: string, ids: number[]): Row[] =>
  ((server.store.state()[collection] ?? []) as (Row & Record<string, unknown>)[]).filter((row) => ids.includes(row[key] as number));

/** A consent solution with one public domain, a custom template chosen, published, scanned and health-checked. */
const buildEverything = async (call: Call, site: string, marker: string) => {
  const solution = await expectStatus(call<ConsentSolutionJson>('POST', '/consent-solutions', createBody(site)), 201);
  const domainId = solution.domains[0]?.id as number;
  const template = await expectStatus(call<IdJson>('POST', '/popup-templates', { name: `${marker} template`, ...templateCode(marker) }), 201);
  await expectStatus(call('PUT', `/consent-solutions/${solution.id}/popup`, { mode: 'custom', templateId: template.id }), 200);
  await expectStatus(call('POST', `/consent-solutions/${solution.id}/publish`, { needsReconsent: false }), 201);
  const cookie = await expectStatus(
    call<IdJson>('POST', '/cookies', {
      consentSolutionId: solution.id,
      name: `${marker}_id`,
      domain: site,
      category: 'necessary',
      purpose: { en: 'Keeps the session.' },
      expiryDays: 30,
      dataProcessor: null,
    }),
    201,
  );
  // DEPLOY-4: only a domain whose owner proved control is scanned.
  await proveDomain(server, call, domainId);
  await expectStatus(call('POST', `/domains/${domainId}/scans`), 202);
  await expectStatus(call('POST', `/domains/${domainId}/health-check`), 202);
  await server.scanner.idle();
  return { solution, domainId, template, cookie };
};

/** The two tests that build everything run a real scan and health check (the first also starts the scanner's Chromium and queue). */
const SCAN_TIMEOUT_MS = 90_000;

describe('integrity: ids and deletion', () => {
  it(
    '[SEC-2] a deleted solution takes its domains, scans, health checks, cookies, texts, pop-up settings, publications and CDN file with it; the next account sees none of it',
    async () => {
      const before = await buildEverything(a, 'integrity-a.com', A_MARKER);
      const aSolution = before.solution.id;
      expect((await cdn(aSolution)).status).toBe(200);
      expect(await publishedBannerText(server.baseUrl, aSolution)).toContain(A_MARKER);
      const aUi = `${server.baseUrl}/cdn/${aSolution}/${Object.values(uiFilesOf(await (await cdn(aSolution)).text()))[0] ?? ''}`;
      expect((await fetch(aUi)).status).toBe(200);
      expect(existsSync(solutionDir(server.dbFile, aSolution))).toBe(true);
      expect(leftovers('scans', 'domainId', [before.domainId]).length).toBeGreaterThan(0);
      expect(leftovers('healthChecks', 'domainId', [before.domainId]).length).toBeGreaterThan(0);

      // A removes the public domain (A has other solutions), then the solution.
      await expectStatus(a('DELETE', `/domains/${before.domainId}`), 204);
      expect(leftovers('scans', 'domainId', [before.domainId])).toEqual([]);
      expect(leftovers('healthChecks', 'domainId', [before.domainId])).toEqual([]);
      await expectStatus(a('DELETE', `/consent-solutions/${aSolution}`), 204);

      // From that moment its banner is gone, and so is everything that belonged to it.
      expect((await cdn(aSolution)).status).toBe(404);
      expect((await fetch(aUi)).status).toBe(404);
      expect(existsSync(solutionDir(server.dbFile, aSolution))).toBe(false);
      for (const { collection, key } of OWNERSHIP.consentSolutions ?? []) expect(leftovers(collection, key, [aSolution]), collection).toEqual([]);

      // B creates the same kinds of objects: new ids, none of A's content.
      const bSolution = await expectStatus(b<ConsentSolutionJson>('POST', '/consent-solutions', createBody('integrity-b.com')), 201);
      expect(bSolution.id).toBeGreaterThan(aSolution);
      const bDomain = bSolution.domains[0]?.id as number;
      expect(bDomain).toBeGreaterThan(before.domainId);
      expect((await cdn(bSolution.id)).status).toBe(404);
      expect(await expectStatus(b<PopupJson>('GET', `/consent-solutions/${bSolution.id}/popup`), 200)).toMatchObject({ mode: 'default' });
      expect(await expectStatus(b<unknown[]>('GET', `/consent-solutions/${bSolution.id}/publications`), 200)).toEqual([]);
      expect(await expectStatus(b<unknown[]>('GET', `/cookies?consentSolutionId=${bSolution.id}`), 200)).toEqual([]);
      expect(await expectStatus(b<unknown[]>('GET', `/consent-solutions/${bSolution.id}/scans`), 200)).toEqual([]);
      expect(await expectStatus(b<unknown[]>('GET', `/consent-solutions/${bSolution.id}/health-checks`), 200)).toEqual([]);
      expect(await expectStatus(b<unknown[]>('GET', `/consent-solutions/${bSolution.id}/triage`), 200)).toEqual([]);
      expect(await expectStatus(b<unknown[]>('GET', `/domains/${bDomain}/scans`), 200)).toEqual([]);
      expect(await expectStatus(b('GET', `/domains/${bDomain}/scans/latest`), 200)).toBeNull();
      expect(await expectStatus(b('GET', `/domains/${bDomain}/health-check`), 200)).toBeNull();
      const bCookie = await expectStatus(
        b<IdJson>('POST', '/cookies', {
          consentSolutionId: bSolution.id,
          name: 'b_id',
          domain: 'integrity-b.com',
          category: 'necessary',
          purpose: { en: 'Session.' },
          expiryDays: null,
          dataProcessor: null,
        }),
        201,
      );
      expect(bCookie.id).toBeGreaterThan(before.cookie.id);

      // B's own publish uses B's (default) template, and A's later edits of its template never reach it.
      await expectStatus(b('POST', `/consent-solutions/${bSolution.id}/publish`, { needsReconsent: false }), 201);
      await expectStatus(a('PATCH', `/popup-templates/${before.template.id}`, { js: `root.setAttribute("data-owner", "${A_MARKER}-edited");` }), 200);
      const bScript = await publishedBannerText(server.baseUrl, bSolution.id);
      expect(bScript).not.toContain(A_MARKER);
      const publications = await expectStatus(b<{ publishedBy?: string }[]>('GET', `/consent-solutions/${bSolution.id}/publications`), 200);
      expect(publications).toHaveLength(1);
      expect(JSON.stringify(publications)).not.toContain('owner@demo.test');
    },
    SCAN_TIMEOUT_MS,
  );

  it('[SEC-2] a deleted template takes its versions; a deleted teammate its sessions and tokens; the next ones get new ids', async () => {
    const template = await expectStatus(a<IdJson>('POST', '/popup-templates', { name: 'Short-lived', ...templateCode('short') }), 201);
    await expectStatus(a('PATCH', `/popup-templates/${template.id}`, { css: '#cm-banner { color: #456; }' }), 200);
    expect(leftovers('popupTemplateVersions', 'templateId', [template.id]).length).toBeGreaterThan(0);
    await expectStatus(a('DELETE', `/popup-templates/${template.id}`), 204);
    expect(leftovers('popupTemplateVersions', 'templateId', [template.id])).toEqual([]);
    const next = await expectStatus(b<IdJson>('POST', '/popup-templates', { name: 'B template', ...templateCode('b') }), 201);
    expect(next.id).toBeGreaterThan(template.id);
    expect((await b<unknown[]>('GET', `/popup-templates/${next.id}/versions`)).body).toHaveLength(1);

    const invited = await expectStatus(a<IdJson>('POST', '/teammates', { email: 'short-lived@demo.test' }), 201);
    expect(leftovers('passwordTokens', 'userId', [invited.id]).length).toBeGreaterThan(0);
    await expectStatus(a('DELETE', `/teammates/${invited.id}`), 204);
    for (const { collection, key } of OWNERSHIP.users ?? []) expect(leftovers(collection, key, [invited.id]), collection).toEqual([]);
    const newcomer = await expectStatus(b<IdJson>('POST', '/teammates', { email: 'newcomer@demo.test' }), 201);
    expect(newcomer.id).toBeGreaterThan(invited.id);
  });

  it(
    '[SEC-2] operations delete an account, confirmed by its name: its users, sessions, solutions, templates, scripts and consent records go with it',
    async () => {
      const admin = await caller(server.baseUrl, 'admin@demo.test');
      const account = await expectStatus(admin<IdJson>('POST', '/accounts', { name: 'Closing Company' }), 201);
      const actingOn = await caller(server.baseUrl, 'admin@demo.test', account.id);
      const built = await buildEverything(actingOn, 'closing-company.com', 'closing-marker');
      const teammate = await expectStatus(actingOn<IdJson>('POST', '/teammates', { email: 'closing@demo.test' }), 201);
      expect((await cdn(built.solution.id)).status).toBe(200);
      const recorded = await fetch(`${server.baseUrl}/consent/${built.solution.id}/records`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://closing-company.com' },
        body: JSON.stringify({ anonymousId: 'closing-visitor-000001', action: 'accept', categories: ['statistics'], consentVersion: 1 }),
      });
      expect(recorded.status).toBe(201);
      const recordId = ((await recorded.json()) as { id: string }).id;
      expect(await server.context.consentLog.find(account.id, recordId)).not.toBeNull();

      const remove = (query: string, call: Call = admin) => call('DELETE', `/accounts/${account.id}${query}`);
      expect((await remove('')).status).toBe(400);
      expect((await remove('?confirm=Closing')).status).toBe(400);
      expect((await remove('?confirm=Closing%20Company', a)).status).toBe(404);
      expect((await admin('DELETE', '/accounts/7?confirm=Operations')).status).toBe(403);
      expect((await admin('DELETE', '/accounts/4?confirm=Pixel%20Agency')).status).toBe(409);
      await expectStatus(remove('?confirm=Closing%20Company'), 204);

      expect((await admin('GET', `/accounts/${account.id}`)).status).toBe(404);
      expect(await server.context.consentLog.find(account.id, recordId)).toBeNull();
      expect((await cdn(built.solution.id)).status).toBe(404);
      expect(existsSync(solutionDir(server.dbFile, built.solution.id))).toBe(false);
      for (const { collection, key } of OWNERSHIP.accounts ?? []) expect(leftovers(collection, key, [account.id]), collection).toEqual([]);
      for (const { collection, key } of OWNERSHIP.users ?? []) expect(leftovers(collection, key, [teammate.id]), collection).toEqual([]);
      for (const { collection, key } of OWNERSHIP.consentSolutions ?? []) expect(leftovers(collection, key, [built.solution.id]), collection).toEqual([]);
      expect(leftovers('popupTemplateVersions', 'templateId', [built.template.id])).toEqual([]);
      expect(leftovers('scans', 'domainId', [built.domainId])).toEqual([]);
      const next = await expectStatus(admin<IdJson>('POST', '/accounts', { name: 'Next Company' }), 201);
      expect(next.id).toBeGreaterThan(account.id);
    },
    SCAN_TIMEOUT_MS,
  );

  it('[SEC-1] an id, once given, is never given again in any collection, across a restart', async () => {
    const solution = await expectStatus(a<ConsentSolutionJson>('POST', '/consent-solutions', createBody('restart-a.com')), 201);
    const domain = await expectStatus(
      a<DomainJson>('POST', '/domains', {
        consentSolutionId: solution.id,
        canonicalDomain: 'www2.restart-a.com',
        type: 'internal_alias',
        defaultLanguage: 'en',
        scanDepth: 500,
        scanFrequency: 7,
      }),
      201,
    );
    const template = await expectStatus(a<IdJson>('POST', '/popup-templates', { name: 'Restart', ...templateCode('restart') }), 201);
    await expectStatus(a('DELETE', `/domains/${domain.id}`), 204);
    await expectStatus(a('DELETE', `/domains/${solution.domains[0]?.id}`), 204);
    await expectStatus(a('DELETE', `/popup-templates/${template.id}`), 204);
    await expectStatus(a('DELETE', `/consent-solutions/${solution.id}`), 204);
    const given = server.store.meta().sequences;
    // Every collection of the state has its highest id at most its sequence: no id can come back.
    for (const [name, rows] of Object.entries(server.store.state())) {
      if (!Array.isArray(rows) || rows.length === 0) continue;
      const highest = Math.max(...(rows as Row[]).map((row) => row.id));
      if (given[name] !== undefined) expect(highest, name).toBeLessThanOrEqual(given[name]);
    }

    // The same database file, restarted: the sequences come back with it.
    await server.store.durable();
    const restarted = await startTestServer({ dbFile: server.dbFile, outboxFile: server.outboxFile });
    try {
      const again = await caller(restarted.baseUrl, 'owner@demo.test');
      const nextSolution = await expectStatus(again<ConsentSolutionJson>('POST', '/consent-solutions', createBody('restart-b.com')), 201);
      expect(nextSolution.id).toBeGreaterThan(solution.id);
      expect(nextSolution.domains[0]?.id).toBeGreaterThan(domain.id);
      const nextTemplate = await expectStatus(again<IdJson>('POST', '/popup-templates', { name: 'Restart 2', ...templateCode('restart2') }), 201);
      expect(nextTemplate.id).toBeGreaterThan(template.id);
    } finally {
      await restarted.close();
    }
  });

  it('[SEC-1] inserts through json-server’s router take the persisted sequence: a deleted newest row’s id is not given again', () => {
    const state = server.store.state();
    state.integrityProbe = [];
    // What json-server's POST calls: lodash-id's insert on the lowdb chain, which asks createId.
    const chain = server.store.db as unknown as { get(name: string): { insert(row: object): { value(): Row } } };
    try {
      const first = chain.get('integrityProbe').insert({ label: 'first' }).value();
      (state.integrityProbe as Row[]).pop();
      const second = chain.get('integrityProbe').insert({ label: 'second' }).value();
      expect(second.id).toBe(first.id + 1);
    } finally {
      delete state.integrityProbe;
    }
  });
});
