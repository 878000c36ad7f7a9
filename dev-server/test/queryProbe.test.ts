import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { login } from './http';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * ENT-8 / DEPLOY-5: bad input in a query answers 4xx with a message, never a 500 or a cut
 * connection. Every list, export and report the API lists (endpoints.ts: the GET routes that
 * read a query, so a new one is probed without touching this file) gets each filter, date and
 * paging key it might read, one at a time, with values that broke something once: a NUL byte
 * (PostgreSQL refuses it in text), years 0 and 9999 (a day after 9999-12-31 is no date), a
 * number past 2^53. The admin acting on Demo Shop (account 1) calls them, so every route
 * reaches its validation. Item routes take no query at all (400 for any key: `noQuery`).
 */

const KEYS = ['q', 'from', 'to', 'consentSolutionId', 'format', '_page', '_limit', '_sort'];
const VALUES = ['a\u0000b', '0000-01-01', '9999-12-31', '99999999999999999999'];
/** The GET routes with a `:param` that still read a query: exports, nested lists, reports of one solution. */
const QUERY_READING = /\/(export|versions|publications|translations|scans|health-checks|triage|diff)$/;
/** Ids of Demo Shop's own rows, for the routes that name one. */
const ITEM_IDS: Record<string, string> = { consentSolutions: '1', domains: '1', popupTemplates: '1', users: '1' };

let server: TestServer;
let cookie = '';
beforeAll(async () => {
  server = await startTestServer();
  cookie = await login(server.baseUrl, 'admin@demo.test');
  await server.context.consentLog.ready();
}, 120_000);
afterAll(() => server.close());

/** The GET routes a session reads, with their path parameters filled in (own rows of account 1). */
const probedPaths = (): string[] => {
  const ids: Record<string, string> = {
    ...ITEM_IDS,
    translations: String((server.store.rows<{ id: number; accountId: number }>('translations').find((row) => row.accountId === 1) ?? { id: 1 }).id),
    cookies: String((server.store.rows<{ id: number; accountId: number }>('cookies').find((row) => row.accountId === 1) ?? { id: 1 }).id),
  };
  return Object.entries(ENDPOINTS).flatMap(([key, rule]) => {
    const [method, pattern = ''] = key.split(' ');
    if (method !== 'GET' || 'public' in rule || rule.item === 'consentRecords') return [];
    if (pattern.includes(':') && !QUERY_READING.test(pattern)) return [];
    let path = pattern.replace(/\(\\\\d\+\)/g, '');
    for (const [name, value] of Object.entries(rule.params ?? {})) path = path.replace(`:${name}`, value);
    path = path.replace(/:(id|accountId)/, rule.accountParam ? '1' : (ids[rule.item ?? ''] ?? '1'));
    return [path];
  });
};

/** Reads the whole answer: a stream cut after its headers throws here, one that never ends times out. */
const probe = async (url: string): Promise<{ status: number; complete: boolean }> => {
  try {
    const res = await fetch(url, { headers: { cookie, 'x-account-id': '1' }, signal: AbortSignal.timeout(20_000) });
    await res.arrayBuffer();
    return { status: res.status, complete: true };
  } catch {
    return { status: 0, complete: false };
  }
};

describe('hostile query values on every list, export and report (ENT-8, DEPLOY-5)', () => {
  it('[ENT-8][DEPLOY-5] answer 2xx or 4xx in full, never 5xx nor a cut connection', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const path of probedPaths()) {
      const urls = KEYS.flatMap((key) => VALUES.map((value) => `${server.baseUrl}${path}?${key}=${encodeURIComponent(value)}`));
      // A few at a time: enough to be quick, few enough not to trip a throttle.
      for (let start = 0; start < urls.length; start += 8) {
        const batch = urls.slice(start, start + 8);
        const answers = await Promise.all(batch.map(probe));
        answers.forEach((answer, index) => {
          probed += 1;
          if (!answer.complete || answer.status >= 500)
            failures.push(`${answer.complete ? answer.status : 'cut'} ${(batch[index] ?? '').slice(server.baseUrl.length, 140)}`);
        });
      }
    }
    expect(probed).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 300_000);
});
