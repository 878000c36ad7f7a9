import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type Call, type ConsentSolutionJson } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/** The read cache in front of the lists: the same URL answers from it until any write, per account. */

let server: TestServer;
let owner: Call;
let other: Call;
let adminOnOther: Call;
/** Seed: 4 Pixel Agency, 5 and 6 its clients. */
const AGENCY = 4;
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

  it("[ROLE-1][ROLE-3] a list that depends on the role is cached per user: the agency acting on its own account never gets the admin's answer", async () => {
    const adminOnAgency = await caller(server.baseUrl, 'admin@demo.test', AGENCY);
    const agency = await caller(server.baseUrl, 'agency@demo.test');
    const ACCOUNTS = '/accounts?_sort=id&_order=asc';
    const everyAccount = await adminOnAgency<{ id: number }[]>('GET', ACCOUNTS);
    const agencyAccounts = await agency<{ id: number; parentAccountId: number | null }[]>('GET', ACCOUNTS);
    expect(everyAccount.total).toBe(server.store.rows('accounts').length);
    expect(agencyAccounts.body.map((a) => a.id)).toEqual([AGENCY, 5, 6]);
    expect(agencyAccounts.total).toBe(3);
  });
});
