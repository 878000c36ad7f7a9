import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../createServer';
import { ENDPOINTS } from './endpoints';
import type { Express } from 'express';
import { listRoutes, type RouteInfo } from './listRoutes';
import { BODY_LIMIT_BYTES } from '../http/bodyParsers';
import type { Row } from '../store/types';
import { login } from './http';
import { startTestServer, TEST_DEV_SECRET, type TestServer } from './startTestServer';

/**
 * ENT-8 robustness: every write endpoint of the app (read from the express router stack, so a
 * new endpoint is fuzzed without touching this file) gets generated malformed bodies: invalid
 * JSON, JSON that is not an object, objects whose every known field has the wrong type (plus
 * extra fields, 10,000-character strings and deep nesting), `__proto__` / `constructor` /
 * `prototype` keys, wrong content types and an oversized body. Every answer must be a 4xx
 * with a violations body, never a 5xx nor a stack trace, and the database must not change.
 *
 * Documented exceptions (no body is read, so there is nothing malformed to send):
 * - `DELETE` routes and `router.all` 405 fallbacks;
 * - `POST /logout` (clears the cookies whatever the body, by design: API-2);
 * - actions without a body (push for consent, restore a template version, start a scan…):
 *   found from the router too, as the POST/PUT/PATCH routes none of whose handlers touches
 *   `req.body` (a body parser sets it, a handler reads it). They are printed on every run.
 */
const SKIPPED = new Set(['POST /logout']);
const RUNS_PER_ENDPOINT = 25;
/** Admin acting on Demo Shop (account 1): every operation is permitted, so bodies reach validation. */
const ACCOUNT_ID = 1;

// ---- The field names the API knows: every key of every shared zod schema, and of every stored row.

interface ZodLike {
  _zod: { def: Record<string, unknown> };
}
const isZod = (value: unknown): value is ZodLike => typeof value === 'object' && value !== null && '_zod' in value;

const schemaKeys = (roots: unknown[]): Set<string> => {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown): void => {
    if (!isZod(schema) || seen.has(schema)) return;
    seen.add(schema);
    const def = schema._zod.def;
    const shape = def.shape;
    if (typeof shape === 'object' && shape !== null) {
      for (const [key, child] of Object.entries(shape)) {
        keys.add(key);
        visit(child);
      }
    }
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  for (const module of roots) for (const value of Object.values(module as Record<string, unknown>)) visit(value);
  return keys;
};

/** `key: z.…` in a source file: fields of schemas declared next to their route (not exported). */
const sourceKeys = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(/['"]?([A-Za-z_$][\w$]*)['"]?\s*:\s*z\s*\./g)].map((match) => match[1] ?? ''));

const knownFields = async (rows: Record<string, unknown>): Promise<string[]> => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const schemaDir = join(root, 'src', 'schemas');
  const modules = await Promise.all(
    readdirSync(schemaDir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => import(pathToFileURL(join(schemaDir, file)).href) as Promise<unknown>),
  );
  const keys = schemaKeys(modules);
  for (const key of [...sourceKeys(join(root, 'dev-server')), ...sourceKeys(schemaDir)]) keys.add(key);
  for (const value of Object.values(rows)) {
    if (!Array.isArray(value)) continue;
    for (const row of value.slice(0, 50)) if (typeof row === 'object' && row !== null) for (const key of Object.keys(row)) keys.add(key);
  }
  // Keys some routes read outside any schema (the create form's nested domain).
  keys.add('domain');
  for (const key of ['', '__proto__', 'constructor', 'prototype']) keys.delete(key);
  return [...keys].sort();
};

// ---- Generators.

const LONG = 'x'.repeat(10_000);
const deep = (depth: number): unknown => {
  let value: unknown = { leaf: [LONG.slice(0, 10)] };
  for (let i = 0; i < depth; i += 1) value = { a: [value] };
  return value;
};
/** A value of the wrong type for every field: an object holding an array holding objects. */
const wrongValue = fc.oneof(
  fc.constant({ nested: [{ value: 'v' }] }),
  fc.integer({ min: 1, max: 4 }).map((depth) => deep(depth)),
  fc.record({ x: fc.array(fc.record({ y: fc.jsonValue({ maxDepth: 1 }) }), { minLength: 1, maxLength: 2 }) }),
);
const poisonedObject = (fields: string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      fc.tuple(...fields.map(() => wrongValue)),
      // Deep nesting (up to 2,000 levels) in one field, a 10,000-character string in another.
      fc.nat({ max: fields.length - 1 }),
      fc.integer({ min: 10, max: 2_000 }),
      fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !fields.includes(key) && !['__proto__', 'constructor', 'prototype'].includes(key)),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 4 },
      ),
    )
    .map(([values, deepField, depth, extra]) => {
      const body: Record<string, unknown> = { ...extra, longExtraField: LONG };
      fields.forEach((field, i) => {
        body[field] = i === deepField ? deep(depth) : values[i];
      });
      return body;
    });

interface Attempt {
  kind: string;
  contentType: string | null;
  body: string;
}

const attempts = (fields: string[]): fc.Arbitrary<Attempt> => {
  const json =
    (kind: string) =>
    (value: unknown): Attempt => ({ kind, contentType: 'application/json', body: JSON.stringify(value) });
  const poisoned = poisonedObject(fields);
  return fc.oneof(
    // Wrong types, extra fields, long strings, deep nesting.
    poisoned.map(json('wrong types')),
    // 10,000-character strings in up to 8 known fields (the body stays under the 100 kB limit).
    fc
      .tuple(poisoned, fc.uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 8 }))
      .map(([value, long]) => ({ ...value, ...Object.fromEntries(long.map((field) => [field, LONG])) }))
      .map(json('long strings')),
    // Invalid JSON.
    fc
      .tuple(
        poisoned.map((value) => JSON.stringify(value)),
        fc.constantFrom('', '{', '}', ',', '"', 'undefined', "'"),
        fc.nat(),
      )
      .map(([text, cut, at]): Attempt => ({
        kind: 'invalid JSON',
        contentType: 'application/json',
        body: `${text.slice(0, at % (text.length + 1))}${cut}${cut === '' ? '{' : ''}`,
      })),
    fc
      .constantFrom('{"a":1,}', '{a:1}', "{'a':1}", 'NaN', '{"a":1}{"b":2}', '\u0000', '[')
      .map((body): Attempt => ({ kind: 'invalid JSON', contentType: 'application/json', body })),
    // JSON that is not an object.
    fc
      .oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), fc.boolean())
      .map(json('not an object')),
    // Prototype-reaching keys, at the top or nested.
    fc.tuple(poisoned, fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.boolean()).map(([value, key, nested]): Attempt => {
      const inner = `"${key}":{"polluted":true,"prototype":{"polluted":true}}`;
      const text = JSON.stringify(value);
      const body = nested ? `{"wrapper":{${inner}},${text.slice(1)}` : `{${inner},${text.slice(1)}`;
      return { kind: `${key} key`, contentType: 'application/json', body };
    }),
    // Wrong content types.
    fc
      .tuple(poisoned, fc.constantFrom('application/xml', 'application/x-www-form-urlencoded', 'image/png', 'multipart/form-data', 'text/html', null))
      .map(([value, contentType]): Attempt => ({ kind: 'wrong content type', contentType, body: JSON.stringify(value) })),
  );
};

// ---- The server, and the routes read from a second app built on a scratch file.

const routeDir = mkdtempSync(join(tmpdir(), 'dev-api-routes-'));
interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  name?: string;
  handle?: { stack?: RouteLayer[] };
}

/** `METHOD /path` of every write route, and whether any of its handlers touches `req.body`. */
const bodyUse = (app: Express): Map<string, boolean> => {
  const found = new Map<string, boolean>();
  const walk = (stack: RouteLayer[]): void => {
    for (const layer of stack) {
      if (layer.route) {
        const readsBody = layer.route.stack.some(
          (handler) => typeof handler.handle === 'function' && Function.prototype.toString.call(handler.handle).includes('req.body'),
        );
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods))
          for (const path of paths) found.set(`${method.toUpperCase()} ${path}`, readsBody || found.get(`${method.toUpperCase()} ${path}`) === true);
      } else if (layer.name === 'router' && layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  // express 4's internal root router, as in test/listRoutes.ts.
  walk((app as unknown as { _router?: { stack: RouteLayer[] } })._router?.stack ?? []);
  return found;
};

const scratch = createServer({
  dbFile: join(routeDir, 'db.json'),
  outboxFile: join(routeDir, 'outbox.json'),
  corsOrigins: [],
  appUrl: 'http://127.0.0.1:5173',
  devMode: true,
  devSecret: TEST_DEV_SECRET,
  bcryptCost: 10,
});
const app = scratch.app;
const readsBody = bodyUse(app);
const candidates = listRoutes(app).filter(
  (route) => ['post', 'put', 'patch'].includes(route.method) && !SKIPPED.has(`${route.method.toUpperCase()} ${route.path}`),
);
const nameOf = (route: RouteInfo): string => `${route.method.toUpperCase()} ${route.path}`;
const writeRoutes = candidates.filter((route) => readsBody.get(nameOf(route)) === true);
const bodyless = candidates.filter((route) => readsBody.get(nameOf(route)) !== true).map(nameOf);
// Its start wrote the scratch file (and may have opened its consent log): closed before the folder goes.
await scratch.close();
rmSync(routeDir, { recursive: true, force: true });

let server: TestServer;
let cookie = '';
let fields: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  cookie = await login(server.baseUrl, 'admin@demo.test');
  fields = await knownFields(server.store.state());
});
afterAll(() => server.close());

/** A concrete URL for a route pattern: ids of Demo Shop's own rows, the rule's example params. */
const concretePath = (route: RouteInfo): string => {
  const rule = ENDPOINTS[`${route.method.toUpperCase()} ${route.path}`];
  const state = server.store.state();
  const ownId = (collection: string): string => {
    const rows = (state[collection] ?? []) as (Row & { accountId?: number })[];
    const row = rows.find((r) => r.accountId === ACCOUNT_ID) ?? rows[0];
    return String(row?.id ?? 1);
  };
  const params: Record<string, string> = { ...(rule && 'params' in rule ? rule.params : {}) };
  return route.path.replace(/:(\w+)(\([^)]*\))?/g, (_match, name: string) => {
    if (params[name] !== undefined) return params[name];
    if (name === 'accountId' || (name === 'id' && rule && 'accountParam' in rule && rule.accountParam)) return String(ACCOUNT_ID);
    if (name === 'id' && rule && 'item' in rule && rule.item) return ownId(rule.item);
    if (name === 'id') return ownId('consentSolutions');
    return 'malformed-test';
  });
};

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+|Error:/;

/**
 * The database, in memory and on disk. Empty top-level collections are left out: some read
 * paths create theirs lazily (`store.rows('billingProfiles')` creates a missing one), which adds no data.
 */
const withoutEmptyCollections = (state: Record<string, unknown>): string =>
  JSON.stringify(Object.fromEntries(Object.entries(state).filter(([, value]) => !(Array.isArray(value) && value.length === 0))));
const snapshot = (): { file: string; memory: string } => ({
  file: withoutEmptyCollections(JSON.parse(readFileSync(server.dbFile, 'utf8')) as Record<string, unknown>),
  memory: withoutEmptyCollections(server.store.state()),
});

/** What is wrong with one answer, or nothing. */
const check = async (route: RouteInfo, path: string, attempt: Attempt): Promise<string | undefined> => {
  const headers: Record<string, string> = { cookie, 'x-account-id': String(ACCOUNT_ID) };
  if (attempt.contentType !== null) headers['content-type'] = attempt.contentType;
  const res = await fetch(`${server.baseUrl}${path}`, { method: route.method.toUpperCase(), headers, body: attempt.body });
  const text = await res.text();
  const where = `${attempt.kind}, ${attempt.contentType ?? 'no content type'}, ${attempt.body.length} chars`;
  if (res.status < 400 || res.status >= 500) return `${where}: ${res.status} ${text.slice(0, 300)}`;
  if (STACK_TRACE.test(text)) return `${where}: stack trace in ${text.slice(0, 300)}`;
  let violations: unknown;
  try {
    violations = (JSON.parse(text) as { violations?: unknown }).violations;
  } catch {
    return `${where}: not JSON: ${text.slice(0, 300)}`;
  }
  const wellFormed =
    Array.isArray(violations) &&
    violations.length > 0 &&
    violations.every(
      (v: { propertyPath?: unknown; message?: unknown; payload?: { messageKey?: unknown } }) =>
        typeof v.propertyPath === 'string' && typeof v.message === 'string' && typeof v.payload?.messageKey === 'string',
    );
  return wellFormed ? undefined : `${where}: ${res.status} without ENT-8 violations: ${text.slice(0, 300)}`;
};

describe('malformed bodies', () => {
  it('[ENT-8] the router lists the write endpoints to fuzz, and the actions without a body', () => {
    const names = writeRoutes.map(nameOf);
    for (const name of [
      'POST /consent-solutions',
      'PATCH /consent-solutions/:id',
      'POST /login_check',
      'POST /lost-password/send-email',
      'POST /consent-solutions/:id/cookies/import',
      'POST /teammates',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.length).toBeGreaterThan(15);
    expect(bodyless).toContain('POST /consent-solutions/:id/push-for-consent');
    console.info(`Fuzzed: ${names.length} write endpoints. Skipped as actions without a body: ${bodyless.join(', ')}`);
  });

  for (const route of writeRoutes) {
    it(`[ENT-8] malformed bodies answer 4xx violations: ${route.method.toUpperCase()} ${route.path}`, async () => {
      const path = concretePath(route);
      const before = snapshot();
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(attempts(fields), async (attempt) => {
          const failure = await check(route, path, attempt);
          if (failure) failures.push(failure);
        }),
        { numRuns: RUNS_PER_ENDPOINT, seed: 20_260_101 },
      );
      // Over the JSON body limit, once (import endpoints allow more and answer 4xx anyway).
      const oversized = await check(route, path, {
        kind: 'oversized',
        contentType: 'application/json',
        body: JSON.stringify({ name: 'y'.repeat(BODY_LIMIT_BYTES + 1) }),
      });
      if (oversized) failures.push(oversized);

      expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
      const after = snapshot();
      if (after.memory !== before.memory) {
        const was = JSON.parse(before.memory) as Record<string, unknown>;
        const now = JSON.parse(after.memory) as Record<string, unknown>;
        const changed = Object.keys(now).filter((key) => JSON.stringify(now[key]) !== JSON.stringify(was[key]));
        expect.fail(`the database changed: ${changed.map((key) => `${key}: ${JSON.stringify(now[key]).slice(-400)}`).join('; ')}`);
      }
      expect(after.file === before.file, 'the database file changed').toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});
