import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, pairs, type Call } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * DEPLOY-5: a solution's id is one number however it is written (its record budget, its list
 * filters). DEPLOY-6: the provider's staff are not named to customers (gallery templates'
 * `updatedBy` and version authors), while staff still see the names.
 */

let server: TestServer;
let owner: Call;
let admin: Call;
beforeAll(async () => {
  // A budget of three records per solution per minute, and room enough per address.
  server = await startTestServer({ consentRecordLimits: { perAddress: 1000, perSolution: 3 } });
  owner = await caller(server.baseUrl, 'owner@demo.test');
  admin = await caller(server.baseUrl, 'admin@demo.test');
  await server.context.consentLog.ready();
}, 120_000);
afterAll(() => server.close(), 30_000);

const code = {
  html: '<div role="dialog" aria-labelledby="h"><h2 id="h">{{popup.bannerHeading}}</h2>{{cookieList}}<button data-consent-action="accept">{{popup.acceptButton}}</button></div>',
  css: '#cm-banner { color: #123; }',
  js: 'root.setAttribute("data-ready", "1");',
  displayFunction: 'root.hidden = false;',
  hideFunction: 'root.hidden = true;',
};

describe('ids written many ways (DEPLOY-5)', () => {
  it('[DEPLOY-5] /consent/2/, /consent/02/ and /consent/002/ share one record budget; an id filter with leading zeros lists the same rows', async () => {
    const post = (path: string) =>
      fetch(`${server.baseUrl}/consent/${path}/records`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://blog.demo-shop.com' },
        body: JSON.stringify({ anonymousId: '0f8e3c1a-1b2c-4d5e-8f90-a1b2c3d4e5f6', action: 'accept', categories: ['statistics'], consentVersion: 1 }),
      });
    const statuses: number[] = [];
    for (const path of ['2', '02', '002', '0002']) statuses.push((await post(path)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);

    const plain = await owner<{ id: number }[]>('GET', '/domains?consentSolutionId=1');
    const padded = await owner<{ id: number }[]>('GET', '/domains?consentSolutionId=001');
    expect(plain.body.length).toBeGreaterThan(0);
    expect(padded.body.map((row) => row.id)).toEqual(plain.body.map((row) => row.id));
  }, 60_000);
});

describe('staff identities (DEPLOY-6)', () => {
  it('[DEPLOY-6] a gallery template and its versions name no staff to a customer; staff see who saved them', async () => {
    const made = await admin<{ id: number; updatedBy: string | null }>('POST', '/popup-templates', { name: 'Provider gallery', scope: 'gallery', ...code });
    expect(made.status).toBe(201);
    expect(made.body.updatedBy).toBe('admin@demo.test');

    const asCustomer = await owner<{ id: number; updatedBy: string | null }>('GET', `/popup-templates/${made.body.id}`);
    expect([asCustomer.status, asCustomer.body.updatedBy]).toEqual([200, null]);
    const listed = (await owner<{ id: number; updatedBy: string | null }[]>('GET', '/popup-templates?scope=gallery')).body;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((row) => row.updatedBy === null)).toBe(true);
    const versions = await owner<{ createdBy: string | null }[]>('GET', `/popup-templates/${made.body.id}/versions`);
    expect(versions.body.map((row) => row.createdBy)).toEqual([null]);
    const one = await owner<{ createdBy: string | null }>('GET', `/popup-templates/${made.body.id}/versions/1`);
    expect(one.body.createdBy).toBeNull();
    // Searching versions by author would test a hidden address: the filter is refused.
    const probe = await owner('GET', `/popup-templates/${made.body.id}/versions?createdBy=admin%40demo.test`);
    expect([probe.status, pairs(probe.body)[0]?.[1]]).toEqual([400, 'error.backend.invalid_query']);

    expect((await admin<{ updatedBy: string }>('GET', `/popup-templates/${made.body.id}`)).body.updatedBy).toBe('admin@demo.test');
    expect((await admin<{ createdBy: string }[]>('GET', `/popup-templates/${made.body.id}/versions`)).body.map((row) => row.createdBy)).toEqual([
      'admin@demo.test',
    ]);
    // A customer's own template still names its author to the customer.
    const mine = await owner<{ updatedBy: string | null }>('POST', '/popup-templates', { name: 'Mine', ...code });
    expect(mine.body.updatedBy).toBe('owner@demo.test');
  });
});
