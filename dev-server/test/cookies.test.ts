import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cookie } from '../../src/schemas/cookie';
import type { CookieRow } from '../store/types';
import { caller, createBody, pairs, type Call, type ConsentSolutionJson } from './consentApi';
import { login } from './http';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
let other: Call;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  other = await caller(server.baseUrl, 'other@demo.test');
  cookie = await login(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

const storedCookies = () => server.store.state().cookies as CookieRow[];
const GOOGLE = { name: 'Google Ireland Limited', privacyPolicyUrl: 'https://policies.google.com/privacy' };

const newSolution = async (canonicalDomain: string): Promise<number> => {
  const res = await owner<ConsentSolutionJson>('POST', '/consent-solutions', createBody(canonicalDomain));
  expect(res.status).toBe(201);
  return res.body.id;
};

const cookieBody = (consentSolutionId: number, overrides: Record<string, unknown> = {}) => ({
  consentSolutionId,
  name: 'session_id',
  domain: 'shop.example.com',
  category: 'necessary',
  purpose: { en: 'Keeps the session.' },
  expiryDays: null,
  dataProcessor: null,
  ...overrides,
});

const importCsv = async (solutionId: number, csv: string, dryRun = false) => {
  const res = await fetch(`${server.baseUrl}/consent-solutions/${solutionId}/cookies/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
const exportCsv = async (solutionId: number) => {
  const res = await fetch(`${server.baseUrl}/consent-solutions/${solutionId}/cookies/export`, { headers: { cookie } });
  return { status: res.status, text: await res.text() };
};

describe('cookies', () => {
  it('[ENT-7] [ROUTE-18] creates, reads, edits and deletes a cookie with its data processor', async () => {
    const solutionId = await newSolution('cookies-crud.com');
    const created = await owner<Cookie>('POST', '/cookies', cookieBody(solutionId, { category: 'statistics', expiryDays: 365, dataProcessor: GOOGLE }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      consentSolutionId: solutionId,
      accountId: 1,
      name: 'session_id',
      domain: 'shop.example.com',
      category: 'statistics',
      purpose: { en: 'Keeps the session.' },
      expiryDays: 365,
      dataProcessor: GOOGLE,
      source: 'manual',
    });
    expect(created.body.firstSeen).toBe(created.body.lastSeen);
    const id = created.body.id;
    expect((await owner<Cookie>('GET', `/cookies/${id}`)).body.name).toBe('session_id');

    // react-admin's provider sends the whole record with PUT; read-only fields are ignored.
    const edited = await owner<Cookie>('PUT', `/cookies/${id}`, {
      ...created.body,
      purpose: { en: 'Counts visits.', fr: 'Compte les visites.' },
      source: 'scanner',
      id: 999,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, purpose: { en: 'Counts visits.', fr: 'Compte les visites.' }, source: 'manual' });
    // updateMany sends only the changed field.
    const recategorised = await owner<Cookie>('PUT', `/cookies/${id}`, { category: 'functional' });
    expect(recategorised.body).toMatchObject({ category: 'functional', dataProcessor: GOOGLE });

    expect((await owner('DELETE', `/cookies/${id}`)).status).toBe(204);
    expect((await owner('GET', `/cookies/${id}`)).status).toBe(404);
  });

  it('[ENT-7] [ERR-2] [VAL-4] data-processor description rules and field rules answer violations', async () => {
    const solutionId = await newSolution('cookies-rules.com');
    const cases = [
      [{ category: 'marketing' }, [['dataProcessor.name', 'validation.data_processor_required']]],
      [{ category: 'statistics', dataProcessor: { name: '', privacyPolicyUrl: '' } }, [['dataProcessor.name', 'validation.data_processor_required']]],
      [{ dataProcessor: { name: '', privacyPolicyUrl: 'https://x.example/privacy' } }, [['dataProcessor.name', 'validation.data_processor_name_required']]],
      [{ dataProcessor: { name: 'Acme', privacyPolicyUrl: '' } }, [['dataProcessor.privacyPolicyUrl', 'validation.data_processor_privacy_policy_required']]],
      [
        { dataProcessor: { name: 'Acme', privacyPolicyUrl: 'javascript:alert(1)' } },
        [['dataProcessor.privacyPolicyUrl', 'validation.data_processor_privacy_policy_invalid']],
      ],
      [{ dataProcessor: { name: 'x'.repeat(256), privacyPolicyUrl: 'https://acme.example/p' } }, [['dataProcessor.name', 'validation.max_length_255']]],
      [
        { name: 'a b', domain: 'https://x.com', category: 'ads' },
        [
          ['name', 'validation.cookie_name_invalid'],
          ['domain', 'validation.cookie_domain_invalid'],
          ['category', 'validation.cookie_category_invalid'],
        ],
      ],
      [
        { name: '', domain: '' },
        [
          ['name', 'validation.cookie_name_required'],
          ['domain', 'validation.cookie_domain_required'],
        ],
      ],
      [{ expiryDays: -1 }, [['expiryDays', 'validation.cookie_expiry_invalid']]],
      [{ purpose: { en: 'x'.repeat(501) } }, [['purpose.en', 'validation.max_length_500']]],
      [{ purpose: { de: 'Sitzung' } }, [['purpose.de', 'validation.language_not_in_solution']]],
    ] as const;
    for (const [overrides, expected] of cases) {
      const res = await owner('POST', '/cookies', cookieBody(solutionId, overrides));
      expect([res.status, pairs(res.body)], JSON.stringify(overrides)).toEqual([400, expected.map((p) => [...p])]);
    }
    expect((await owner('POST', '/cookies', cookieBody(solutionId))).status).toBe(201);
    const duplicate = await owner('POST', '/cookies', cookieBody(solutionId, { domain: 'SHOP.example.com' }));
    expect([duplicate.status, pairs(duplicate.body)]).toEqual([409, [['name', 'error.backend.cookie_already_exists']]]);
    const foreign = await other('POST', '/cookies', cookieBody(solutionId));
    expect([foreign.status, pairs(foreign.body)]).toEqual([404, [['', 'error.backend.consent_solution_not_found']]]);
  });

  it('[ROUTE-18] [ROLE-3] lists only the caller’s cookies, filtered by category, searched by name, paged and sorted', async () => {
    const all = await owner<Cookie[]>('GET', '/cookies?consentSolutionId=1&_sort=name&_order=asc&_page=1&_limit=4');
    expect(all.status).toBe(200);
    expect(all.total).toBe(10);
    expect(all.body.map((c) => c.name)).toEqual(['_fbp', '_ga', '_gid', 'cart_id']);
    const statistics = await owner<Cookie[]>('GET', '/cookies?consentSolutionId=1&category=statistics');
    expect([statistics.total, statistics.body.map((c) => c.name).sort()]).toEqual([2, ['_ga', '_gid']]);
    const search = await owner<Cookie[]>('GET', '/cookies?consentSolutionId=1&q=GA');
    expect(search.body.map((c) => c.name)).toEqual(['_ga']);
    const foreign = await other<Cookie[]>('GET', '/cookies?consentSolutionId=1');
    expect([foreign.status, foreign.total]).toEqual([200, 0]);
    expect((await other('GET', '/cookies/1')).status).toBe(404);
    expect((await other('DELETE', '/cookies/1')).status).toBe(404);
    const bad = await owner('GET', '/cookies?_sort=accountId');
    expect([bad.status, pairs(bad.body)]).toEqual([400, [['_sort', 'error.backend.invalid_query']]]);
  });

  it('[ROUTE-18] exports CSV and re-imports it unchanged; an edited file previews, then applies', async () => {
    const exported = await exportCsv(1);
    expect(exported.status).toBe(200);
    const [header] = exported.text.split('\n');
    expect(header).toBe(
      'name,domain,category,expiryDays,dataProcessorName,dataProcessorPrivacyPolicyUrl,source,firstSeen,lastSeen,purpose_en,purpose_fr,purpose_de',
    );
    const same = await importCsv(1, exported.text);
    expect([same.status, same.body]).toEqual([200, { dryRun: false, created: 0, updated: 0, unchanged: 10, changes: [] }]);

    const parsed = Papa.parse<Record<string, string>>(exported.text, { header: true, skipEmptyLines: true });
    const rows = parsed.data.map((row) => (row.name === 'lang' ? { ...row, category: 'necessary', purpose_de: 'Sprache' } : row));
    rows.push({ ...rows[0], name: 'new_cookie', source: '' } as Record<string, string>);
    const edited = Papa.unparse(rows);
    const preview = await importCsv(1, edited, true);
    expect(preview.body).toEqual({
      dryRun: true,
      created: 1,
      updated: 1,
      unchanged: 9,
      changes: [
        { row: 4, action: 'update', name: 'lang', domain: 'demo-shop.com', fields: ['category', 'purpose'] },
        { row: 11, action: 'create', name: 'new_cookie', domain: 'demo-shop.com', fields: [] },
      ],
    });
    expect(storedCookies().find((c) => c.name === 'lang')?.category).toBe('functional');
    const applied = await importCsv(1, edited);
    expect(applied.status).toBe(200);
    expect(storedCookies().find((c) => c.name === 'lang')).toMatchObject({
      category: 'necessary',
      purpose: { en: 'Remembers the chosen language.', de: 'Sprache' },
    });
    expect(storedCookies().find((c) => c.name === 'new_cookie')?.source).toBe('manual');
  });

  it('[ROUTE-18] [VAL-4] a 1,000-row import that fails on row 731 is refused with the row number and changes nothing', async () => {
    const solutionId = await newSolution('cookies-thousand.com');
    const header = 'name,domain,category,expiryDays,dataProcessorName,dataProcessorPrivacyPolicyUrl,purpose_en,purpose_fr';
    const line = (n: number) => `cookie_${n},.cookies-thousand.com,${n === 731 ? 'marketing' : 'functional'},30,,,Purpose ${n},But ${n}`;
    const csv = [header, ...Array.from({ length: 1000 }, (_, index) => line(index + 1))].join('\n');
    const before = JSON.stringify(storedCookies());
    const refused = await importCsv(solutionId, csv);
    expect([refused.status, pairs(refused.body)]).toEqual([400, [['rows.731.dataProcessorName', 'validation.data_processor_required']]]);
    expect(JSON.stringify(storedCookies())).toBe(before);

    const fixed = csv.replace(
      'cookie_731,.cookies-thousand.com,marketing,30,,',
      'cookie_731,.cookies-thousand.com,marketing,30,Acme,https://acme.example/privacy',
    );
    const accepted = await importCsv(solutionId, fixed);
    expect(accepted.status).toBe(200);
    expect((accepted.body as { created: number }).created).toBe(1000);
    const list = await owner<Cookie[]>('GET', `/cookies?consentSolutionId=${solutionId}&_page=1&_limit=1`);
    expect(list.total).toBe(1000);
  });

  it('[ROUTE-18] refuses malformed files: missing or unknown columns, other languages, duplicates, bad values', async () => {
    const solutionId = await newSolution('cookies-badfile.com');
    const cases = [
      ['name,domain\na,b.com', [['columns.category', 'validation.import_format_invalid']]],
      ['name,domain,category,colour\na,b.com,necessary,red', [['columns.colour', 'validation.import_format_invalid']]],
      ['name,domain,category,purpose_de\na,b.com,necessary,x', [['columns.purpose_de', 'validation.language_not_in_solution']]],
      ['name,domain,category', [['', 'validation.import_empty']]],
      [
        'name,domain,category,expiryDays,source\na,b.com,necessary,,\nA,b.com,necessary,abc,robot\na,B.com,necessary,,',
        [
          ['rows.2.source', 'validation.cookie_source_invalid'],
          ['rows.2.expiryDays', 'validation.cookie_expiry_invalid'],
          ['rows.3.name', 'validation.import_duplicate_row'],
        ],
      ],
    ] as const;
    for (const [csv, expected] of cases) {
      const res = await importCsv(solutionId, csv);
      expect([res.status, pairs(res.body)], csv).toEqual([400, expected.map((p) => [...p])]);
    }
    expect(storedCookies().some((c) => c.consentSolutionId === solutionId)).toBe(false);
  });
});
