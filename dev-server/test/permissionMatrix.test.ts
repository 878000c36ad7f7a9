import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, deniedKey, OPERATIONS, PERMISSIONS, ROLES, type Role } from '../../src/shared/permissions';
import { createServer } from '../createServer';
import { ENDPOINTS, type EndpointRule } from './endpoints';
import { listRoutes } from './listRoutes';
import type { Account, User } from '../store/types';
import { createBody } from './consentApi';
import { login } from './http';
import { insertRow, startTestServer, TEST_DEV_SECRET, type TestServer } from './startTestServer';

/**
 * ROLE-1 / ROLE-3: every role (and anonymous) × every route of the server × own account /
 * another account / nonexistent id (/ another account's id without acting on it), compared
 * with the permission matrix of src/shared/permissions.ts. Routes are read from the express
 * router, so a route without an entry in dev-server/test/endpoints.ts is a mismatch.
 *
 * Expected answers:
 * - anonymous: 401;
 * - acting on another account (`X-Account-Id`) the caller may not act on: 403 not_allowed_switch_account;
 * - an item of another account, or a nonexistent id: 404 (ownership before role, no leak);
 * - an account in the URL the caller may not read: 404;
 * - otherwise the matrix: allowed (any answer but 401/403/404/405/5xx: a validation 400 or a
 *   rule's 409 come after the permission check) or 403 with the operation's messageKey.
 */

type Scope = 'own' | 'other' | 'missing' | 'foreign';
type Subject = Role | 'anonymous';

const MISSING_ID = 987654321;
/** Seed accounts: 1 Demo Shop, 2 Other Company, 3 Demo Read-only, 4 Pixel Agency, 5/6 its clients, 7 Operations. */
const STRANGER_ACCOUNT = 2;
const AGENCY_CLIENT = 5;

let server: TestServer;
const cookies = new Map<Subject, string>();
const homeOf = new Map<Subject, number>();
let adminCookie = '';
let sequence = 0;

const seedLogins: Partial<Record<Role, string>> = {
  ROLE_USER: 'owner@demo.test',
  ROLE_DEMO: 'demo@demo.test',
  ROLE_AGENCY: 'agency@demo.test',
  ROLE_CLIENT: 'client@demo.test',
  ROLE_ADMIN: 'admin@demo.test',
};

/** Roles without a seed user get one, alone in a new account. */
const addUser = (role: Role): string => {
  const store = server.store;
  const { id: _accountId, ...account } = structuredClone(store.rows<Account>('accounts')[0] as Account);
  const created = insertRow<Account>(store, 'accounts', { ...account, name: `Matrix ${role}`, parentAccountId: null });
  const { id: _userId, ...template } = structuredClone(store.rows<User>('users').find((u) => u.email === 'owner@demo.test') as User);
  const email = `${role.toLowerCase()}@matrix.test`;
  insertRow<User>(store, 'users', { ...template, email, roles: [role], accountId: created.id });
  return email;
};

const call = async (method: string, path: string, cookie: string, accountHeader?: number, body?: unknown) => {
  const headers: Record<string, string> = { cookie };
  if (accountHeader !== undefined) headers['x-account-id'] = String(accountHeader);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let key = '';
  try {
    key = (JSON.parse(text) as { violations?: { payload: { messageKey: string } }[] }).violations?.[0]?.payload.messageKey ?? '';
  } catch {
    key = '';
  }
  return { status: res.status, key };
};

const asAdminOn = async (accountId: number, method: string, path: string, body: unknown): Promise<number> => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie: adminCookie, 'x-account-id': String(accountId), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { id?: number };
  if (res.status !== 201 || typeof json.id !== 'number') throw new Error(`fixture ${method} ${path} on ${accountId}: ${res.status} ${JSON.stringify(json)}`);
  return json.id;
};

/** A row of `collection` in `accountId`: created through the API (as the admin acting there) or cloned. */
const solutionFixtures = new Map<number, number>();
const freshSolution = async (accountId: number): Promise<number> => {
  sequence += 1;
  return asAdminOn(accountId, 'POST', '/consent-solutions', createBody(`matrix-${sequence}.com`));
};
const solutionOf = async (accountId: number): Promise<number> => {
  const known = solutionFixtures.get(accountId);
  if (known !== undefined) return known;
  const id = await freshSolution(accountId);
  solutionFixtures.set(accountId, id);
  return id;
};

const fixture = async (collection: string, accountId: number): Promise<number | string> => {
  sequence += 1;
  switch (collection) {
    case 'consentSolutions':
      return freshSolution(accountId);
    case 'domains':
      return asAdminOn(accountId, 'POST', '/domains', {
        consentSolutionId: await solutionOf(accountId),
        canonicalDomain: `matrix-domain-${sequence}.com`,
        type: 'website',
        defaultLanguage: 'en',
        scanDepth: 500,
        scanFrequency: 7,
      });
    case 'users':
      return asAdminOn(accountId, 'POST', '/teammates', { email: `matrix-${sequence}@matrix.test` });
    case 'consentRecords': {
      // LOG-1: records live in the consent log, not the JSON store.
      const id = randomUUID();
      const at = new Date().toISOString();
      await server.context.consentLog.append({
        id,
        accountId,
        consentSolutionId: await solutionOf(accountId),
        anonymousId: randomUUID(),
        action: 'accept',
        categories: ['necessary'],
        consentVersion: 1,
        decidedAt: at,
        receivedAt: at,
        domain: `matrix-${sequence}.com`,
        language: null,
      });
      return id;
    }
    case 'popupTemplates': {
      // An account template made from the gallery's first one (a gallery row is global, not the account's).
      const gallery = (await (await fetch(`${server.baseUrl}/popup-templates/1`, { headers: { cookie: adminCookie } })).json()) as Record<string, unknown>;
      const body = Object.fromEntries(
        Object.entries(gallery).filter(
          ([key]) => !['id', 'accountId', 'scope', 'isDefault', 'version', 'createdAt', 'updatedAt', 'sourceTemplateId'].includes(key),
        ),
      );
      return asAdminOn(accountId, 'POST', '/popup-templates', { ...body, name: `Matrix ${sequence}` });
    }
    case 'invoices': {
      // PAY-1: invoices are issued by charges, never created through the API.
      const row = insertRow(server.store, 'invoices', {
        accountId,
        paymentId: 0,
        number: `INV-MATRIX-${sequence}`,
        issuedAt: new Date().toISOString(),
        periodStart: new Date().toISOString(),
        periodEnd: new Date().toISOString(),
        plan: 'essential',
        interval: 'month',
        currency: 'EUR',
        lines: [],
        netCents: 0,
        coupon: null,
        discountCents: 0,
        vatRate: 0,
        vatCents: 0,
        totalCents: 0,
        billing: null,
        card: null,
        chargeId: null,
      });
      return row.id;
    }
    default: {
      // A collection this test does not know how to create: clone a stored row into the account.
      const rows = server.store.state()[collection];
      const template = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined;
      if (!template) throw new Error(`no fixture for collection ${collection}`);
      const solutionId = await solutionOf(accountId);
      const row = {
        ...structuredClone(template),
        id: server.store.nextId(collection),
        accountId,
        ...('consentSolutionId' in template ? { consentSolutionId: solutionId } : {}),
      };
      (rows as unknown[]).push(row);
      server.store.write();
      return row.id;
    }
  }
};

/** One fixture per collection and account for the calls that keep their target; a fresh one for each DELETE. */
const reusable = new Map<string, number | string>();
const targetOf = async (collection: string, accountId: number, method: string): Promise<number | string> => {
  if (method === 'DELETE') return fixture(collection, accountId);
  const key = `${collection}:${accountId}`;
  const known = reusable.get(key);
  if (known !== undefined) return known;
  const id = await fixture(collection, accountId);
  reusable.set(key, id);
  return id;
};

/** Whom the caller may act on (mirror of requireSession, from the seed's relations). */
const otherAccountOf = (subject: Subject): number => (subject === 'ROLE_AGENCY' ? AGENCY_CLIENT : STRANGER_ACCOUNT);
const mayActOn = (subject: Subject): boolean => subject === 'ROLE_ADMIN' || subject === 'ROLE_AGENCY';

type Expectation = { kind: 'allowed' } | { kind: 'status'; status: number; key?: string };

const expected = (subject: Subject, rule: Exclude<EndpointRule, { public: true }>, scope: Scope): Expectation => {
  if (subject === 'anonymous') return { kind: 'status', status: 401, key: 'error.backend.unauthorized' };
  if (rule.accountParam) {
    if (scope === 'missing') return { kind: 'status', status: 404 };
    if (scope === 'other' && !mayActOn(subject)) return { kind: 'status', status: 404 };
  } else if (scope === 'other' && !mayActOn(subject)) {
    return { kind: 'status', status: 403, key: 'error.backend.not_allowed_switch_account' };
  }
  if (scope === 'missing' || scope === 'foreign') return { kind: 'status', status: 404 };
  const roles = [subject];
  if (can(roles, rule.operation, scope === 'other' ? 'other' : 'own')) return { kind: 'allowed' };
  if (rule.hidden) return { kind: 'status', status: 404, key: 'error.backend.not_found' };
  return { kind: 'status', status: 403, key: deniedKey(roles, rule.operation) };
};

const isAllowed = (status: number): boolean => ![401, 403, 404, 405].includes(status) && status < 500;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) {
    const email = seedLogins[role] ?? addUser(role);
    cookies.set(role, await login(server.baseUrl, email));
    const user = server.store.rows<User>('users').find((u) => u.email === email) as User;
    homeOf.set(role, user.accountId);
  }
  cookies.set('anonymous', '');
  adminCookie = cookies.get('ROLE_ADMIN') ?? '';
});
afterAll(() => server.close());

describe('permission matrix', () => {
  it('[ROLE-1] the matrix has an entry for every role and names a 403 key for every operation', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLES].sort());
    for (const [operation, { deniedKey: key }] of Object.entries(OPERATIONS))
      expect(key, operation).toMatch(/^error\.backend\.(permission_denied|not_allowed_[a-z_]+)$/);
    expect(can(['ROLE_DEMO', 'ROLE_ADMIN'], 'consentSolutions.write')).toBe(false);
    expect(can(['ROLE_USER'], 'consentSolutions.write', 'other')).toBe(false);
  });

  it('[ROLE-3] every route of the server has a matrix entry', () => {
    const app = createServer({
      dbFile: server.dbFile,
      outboxFile: server.outboxFile,
      corsOrigins: [],
      appUrl: 'http://127.0.0.1:5173',
      devMode: true,
      devSecret: TEST_DEV_SECRET,
    }).app;
    const missing = listRoutes(app)
      .filter((r) => r.method !== 'all')
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .filter((key) => !(key in ENDPOINTS));
    expect(missing).toEqual([]);
  });

  it('[ROLE-1][ROLE-3] every role × every endpoint × own / other / missing answers as the matrix says', async () => {
    const app = createServer({
      dbFile: server.dbFile,
      outboxFile: server.outboxFile,
      corsOrigins: [],
      appUrl: 'http://127.0.0.1:5173',
      devMode: true,
      devSecret: TEST_DEV_SECRET,
    }).app;
    const routes = listRoutes(app).filter((r) => r.method !== 'all');
    const subjects: Subject[] = [...ROLES, 'anonymous'];
    const mismatches: string[] = [];
    let checked = 0;

    for (const route of routes) {
      const method = route.method.toUpperCase();
      const rule = ENDPOINTS[`${method} ${route.path}`];
      if (!rule || 'public' in rule) continue;
      const scopes: Scope[] = rule.item ? ['own', 'other', 'missing', 'foreign'] : rule.accountParam ? ['own', 'other', 'missing'] : ['own', 'other'];
      for (const subject of subjects) {
        const home = homeOf.get(subject) ?? 1;
        for (const scope of scopes) {
          const target = scope === 'other' ? otherAccountOf(subject) : scope === 'foreign' ? STRANGER_ACCOUNT : home;
          let path = route.path;
          for (const [name, value] of Object.entries(rule.params ?? {})) path = path.replace(`:${name}`, value);
          if (rule.accountParam) {
            path = path.replace(/:(id|accountId)(\([^)]*\))?/, String(scope === 'missing' ? MISSING_ID : target));
          } else if (rule.item) {
            const id = scope === 'missing' ? MISSING_ID : await targetOf(rule.item, target, method);
            path = path.replace(':id', String(id));
          }
          if (rule.query) path = `${path}?${rule.query}`;
          const header = scope === 'other' && !rule.accountParam ? target : undefined;
          const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
          const actual = await call(method, path, cookies.get(subject) ?? '', header, body);
          const want = expected(subject, rule, scope);
          checked += 1;
          const ok = want.kind === 'allowed' ? isAllowed(actual.status) : actual.status === want.status && (want.key === undefined || actual.key === want.key);
          if (!ok) {
            const wanted = want.kind === 'allowed' ? 'allowed' : `${want.status} ${want.key ?? ''}`.trim();
            mismatches.push(`${subject} ${scope}: ${method} ${path} → ${actual.status} ${actual.key}, expected ${wanted}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(mismatches).toEqual([]);
  }, 120_000);
});
