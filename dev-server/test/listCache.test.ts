import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type Call, type ConsentSolutionJson } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/** The read cache in front of the lists: the same URL answers from it until any write, per account. */

let server: TestServer;
let owner: Call;
let other: Call;
let adminOnOther: Call;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  other = await caller(server.baseUrl, 'other@demo.test');
  adminOnOther = await caller(server.baseUrl, 'admin@demo.test', 2);
});
afterAll(() => server.close());

const LIST = '/consent-solutions?_page=1&_limit=25&_sort=name&_order=asc';
const names = async (call: Call) => (await call<ConsentSolutionJson[]>('GET', LIST)).body.map((s) => `${s.accountId}:${s.name}`);

describe('list read cache', () => {
  it('[ROUTE-10][ROLE-3] one URL answers each account its own rows, and a write is seen by the very next read', async () => {
    const mine = await names(owner);
    const theirs = await names(other);
    expect(mine.every((n) => n.startsWith('1:'))).toBe(true);
    expect(theirs.every((n) => n.startsWith('2:'))).toBe(true);
    // The admin acting on account 2 shares the URL and the account, so the answer, never account 1's.
    expect(await names(adminOnOther)).toEqual(theirs);
    expect(await names(owner)).toEqual(mine);

    expect((await owner('PATCH', '/consent-solutions/1', { name: 'Aaa renamed first' })).status).toBe(200);
    expect((await names(owner))[0]).toBe('1:Aaa renamed first');
    expect(await names(other)).toEqual(theirs);

    const generation = server.store.generation();
    await names(owner);
    await names(owner);
    expect(server.store.generation()).toBe(generation);
  });
});
