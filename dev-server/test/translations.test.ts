import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX, TRANSLATION_KEYS, type StoredTexts } from '../../src/schemas/translations';
import { defaultTextsOf } from '../../banner/publish/defaultTexts';
import type { TranslationRow } from '../store/types';
import { caller, createBody, pairs, SEED, type Call, type ConsentSolutionJson } from './consentApi';
import { login } from './http';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
let other: Call;
let demo: Call;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  other = await caller(server.baseUrl, 'other@demo.test');
  demo = await caller(server.baseUrl, 'demo@demo.test');
  cookie = await login(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

interface TranslationJson {
  language: string;
  texts: StoredTexts;
  updatedAt: string | null;
  defaultKeys: string[];
  defaults: StoredTexts | null;
}
interface Cell {
  language: string;
  group: string;
  missing: number;
  defaults: number;
  total: number;
  firstMissing: string | null;
}

const DEFAULT_TEXTS = { en: defaultTextsOf('en'), fr: defaultTextsOf('fr'), de: defaultTextsOf('de') };
const popup = (overrides: Record<string, string> = {}) => ({ ...(DEFAULT_TEXTS.en?.popup ?? {}), ...overrides });
const translationRows = () => server.store.state().translations as TranslationRow[];

/** Posts an import file as it comes from the export (text, with its media type). */
const importFile = async (solutionId: number, content: string, type: string, dryRun = false) => {
  const res = await fetch(`${server.baseUrl}/consent-solutions/${solutionId}/translations/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { cookie, 'content-type': type },
    body: content,
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
const exportFile = async (solutionId: number, format: 'json' | 'csv') => {
  const res = await fetch(`${server.baseUrl}/consent-solutions/${solutionId}/translations/export?format=${format}`, { headers: { cookie } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

const newSolution = async (canonicalDomain: string, additionalLanguages = ['fr']): Promise<ConsentSolutionJson> => {
  const res = await owner<ConsentSolutionJson>('POST', '/consent-solutions', createBody(canonicalDomain, {}, { additionalLanguages }));
  expect(res.status).toBe(201);
  return res.body;
};

describe('translations', () => {
  it('[I18N-2] [ENT-3] [ROUTE-17] a new solution starts with the default texts of its languages, marked as defaults; one without shipped texts starts missing', async () => {
    const solution = await newSolution('translations-new.com', ['fr', 'de', 'ca']);
    const list = await owner<TranslationJson[]>('GET', `/consent-solutions/${solution.id}/translations`);
    expect(list.status).toBe(200);
    expect(list.body.map((t) => t.language)).toEqual(['en', 'fr', 'de', 'ca']);
    expect(list.body[0]?.texts.popup).toEqual(DEFAULT_TEXTS.en?.popup);
    expect(list.body[1]?.texts.categories).toEqual(DEFAULT_TEXTS.fr?.categories);
    expect(list.body[2]?.texts.popup).toEqual(DEFAULT_TEXTS.de?.popup);
    expect(list.body.slice(0, 3).map((t) => t.defaultKeys)).toEqual([TRANSLATION_KEYS, TRANSLATION_KEYS, TRANSLATION_KEYS]);
    expect(list.body[3]).toMatchObject({ texts: { popup: {}, cookiePolicy: {}, privacyControls: {}, categories: {} }, defaultKeys: [], defaults: null });
    const de = await owner<TranslationJson>('GET', `/consent-solutions/${solution.id}/translations/de`);
    expect(de.body.texts.popup.bannerHeading).toBe('Wir verwenden Cookies');
    expect(de.body.defaults?.cookiePolicy).toEqual(DEFAULT_TEXTS.de?.cookiePolicy);
  });

  it('[I18N-2] a language added later gets its defaults; a customer’s edit wins, and putting the default back marks it again', async () => {
    const solution = await newSolution('translations-added.com', []);
    expect((await owner('PATCH', `/consent-solutions/${solution.id}`, { additionalLanguages: ['it'] })).status).toBe(200);
    const it = async () => (await owner<TranslationJson>('GET', `/consent-solutions/${solution.id}/translations/it`)).body;
    expect((await it()).texts.popup.acceptButton).toBe('Accetta tutti');
    expect((await it()).defaultKeys).toEqual(TRANSLATION_KEYS);

    const italian = defaultTextsOf('it');
    const saved = await owner<TranslationJson>('PUT', `/consent-solutions/${solution.id}/translations/it/popup`, {
      ...italian?.popup,
      acceptButton: 'Va bene',
    });
    expect(saved.body.texts.popup.acceptButton).toBe('Va bene');
    expect(saved.body.defaultKeys).not.toContain('popup.acceptButton');
    expect(saved.body.defaultKeys).toContain('popup.declineButton');
    // Removing the language and adding it back keeps the customer's text.
    await owner('PATCH', `/consent-solutions/${solution.id}`, { additionalLanguages: [] });
    await owner('PATCH', `/consent-solutions/${solution.id}`, { additionalLanguages: ['it'] });
    expect((await it()).texts.popup.acceptButton).toBe('Va bene');
    const back = await owner<TranslationJson>('PUT', `/consent-solutions/${solution.id}/translations/it/popup`, italian?.popup);
    expect(back.body.defaultKeys).toContain('popup.acceptButton');
  });

  it('[I18N-2] a text is reset to its default, marked again; a key without a default or unknown is refused', async () => {
    const solution = await newSolution('translations-reset.com', ['fr', 'ca']);
    const path = `/consent-solutions/${solution.id}/translations`;
    await owner('PUT', `${path}/fr/popup`, { ...DEFAULT_TEXTS.fr?.popup, bannerHeading: 'Des cookies, oui' });
    const edited = (await owner<TranslationJson>('GET', `${path}/fr`)).body;
    expect(edited.defaultKeys).not.toContain('popup.bannerHeading');
    const reset = await owner<TranslationJson>('POST', `${path}/fr/reset`, { keys: ['popup.bannerHeading'] });
    expect(reset.status).toBe(200);
    expect(reset.body.texts.popup.bannerHeading).toBe('Nous utilisons des cookies');
    expect(reset.body.defaultKeys).toEqual(TRANSLATION_KEYS);

    const refused = await owner('POST', `${path}/ca/reset`, { keys: ['popup.bannerHeading'] });
    expect([refused.status, pairs(refused.body)]).toEqual([400, [['keys.0', 'validation.translation_no_default']]]);
    const unknown = await owner('POST', `${path}/fr/reset`, { keys: ['popup.nope'] });
    expect([unknown.status, pairs(unknown.body)]).toEqual([400, [['keys.0', 'validation.translation_key_unknown']]]);
    expect((await owner('POST', `${path}/fr/reset`, { keys: [] })).status).toBe(400);
    expect((await owner('POST', `${path}/de/reset`, { keys: ['popup.bannerHeading'] })).status).toBe(400);
    expect((await other('POST', `${path}/fr/reset`, { keys: ['popup.bannerHeading'] })).status).toBe(404);
    expect((await owner('GET', `${path}/fr/reset`)).status).toBe(405);
  });

  it('[I18N-2] [ENT-3] the seed gives every seeded solution the default texts of its languages', async () => {
    const list = await owner<TranslationJson[]>('GET', '/consent-solutions/1/translations');
    expect(list.body.map((t) => [t.language, Object.keys(t.texts.popup).length, t.defaultKeys.length])).toEqual([
      ['en', 10, TRANSLATION_KEYS.length],
      ['fr', 10, TRANSLATION_KEYS.length],
      ['de', 10, TRANSLATION_KEYS.length],
    ]);
  });

  it('[ROUTE-17] [VAL-1] saves one group; every text is required and limited to 255/500 characters', async () => {
    const solution = await newSolution('translations-save.com');
    const path = `/consent-solutions/${solution.id}/translations/fr/popup`;
    const saved = await owner<TranslationJson>('PUT', path, popup({ bannerHeading: '  Cookies ici  ' }));
    expect(saved.status).toBe(200);
    expect(saved.body.texts.popup.bannerHeading).toBe('Cookies ici');

    const tooLong = await owner('PUT', path, popup({ bannerHeading: 'x'.repeat(SHORT_TEXT_MAX + 1), bannerMainText: 'y'.repeat(LONG_TEXT_MAX + 1) }));
    expect([tooLong.status, pairs(tooLong.body)]).toEqual([
      400,
      [
        ['bannerHeading', 'validation.max_length_255'],
        ['bannerMainText', 'validation.max_length_500'],
      ],
    ]);
    const atMax = await owner('PUT', path, popup({ bannerHeading: 'x'.repeat(SHORT_TEXT_MAX), bannerMainText: 'y'.repeat(LONG_TEXT_MAX) }));
    expect(atMax.status).toBe(200);

    const { acceptButton: _dropped, ...withoutAccept } = popup();
    const missing = await owner('PUT', path, { ...withoutAccept, declineButton: '   ' });
    expect([missing.status, pairs(missing.body)]).toEqual([
      400,
      [
        ['acceptButton', 'validation.translation_required'],
        ['declineButton', 'validation.translation_required'],
      ],
    ]);
    const categories = await owner('PUT', `/consent-solutions/${solution.id}/translations/en/categories`, {
      ...DEFAULT_TEXTS.en?.categories,
      marketing: { sdk: 'marketing', name: '', description: 'd' },
    });
    expect(pairs(categories.body)).toEqual([['marketing.name', 'validation.translation_required']]);
    const unknownGroup = await owner('PUT', `/consent-solutions/${solution.id}/translations/en/banner`, popup());
    expect(unknownGroup.status).toBe(404);
  });

  it('[ENT-3] [ROLE-3] the stored rows are a plain collection: listed by solution, one read, groups updated, removed; another account’s are not found', async () => {
    const solution = await newSolution('translations-rows.com', ['fr', 'ca']);
    const list = await owner<TranslationRow[]>('GET', `/translations?consentSolutionId=${solution.id}&_sort=language&_order=asc`);
    expect([list.status, list.total, list.body.map((row) => row.language)]).toEqual([200, 2, ['en', 'fr']]);
    const fr = list.body.find((row) => row.language === 'fr');
    if (!fr) throw new Error('no fr row');
    expect((await owner<TranslationRow>('GET', `/translations/${fr.id}`)).body.texts.popup).toEqual(DEFAULT_TEXTS.fr?.popup);

    const saved = await owner<TranslationRow>('PATCH', `/translations/${fr.id}`, {
      texts: { popup: { ...DEFAULT_TEXTS.fr?.popup, bannerHeading: ' Nos cookies ' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.texts.popup.bannerHeading).toBe('Nos cookies');
    expect(saved.body.texts.categories).toEqual(DEFAULT_TEXTS.fr?.categories);
    expect(saved.body.defaultKeys).toEqual(TRANSLATION_KEYS.filter((key) => key !== 'popup.bannerHeading'));
    const grouped = await owner<TranslationJson>('GET', `/consent-solutions/${solution.id}/translations/fr`);
    expect(grouped.body.texts.popup.bannerHeading).toBe('Nos cookies');
    const invalid = await owner('PUT', `/translations/${fr.id}`, { texts: { popup: popup({ acceptButton: '' }) } });
    expect([invalid.status, pairs(invalid.body)]).toEqual([400, [['texts.popup.acceptButton', 'validation.translation_required']]]);
    const nothing = await owner('PATCH', `/translations/${fr.id}`, { texts: {} });
    expect([nothing.status, pairs(nothing.body)]).toEqual([400, [['texts', 'validation.required']]]);
    const unknownGroup = await owner('PATCH', `/translations/${fr.id}`, { texts: { banner: popup() } });
    expect(unknownGroup.status).toBe(400);
    expect((await owner('POST', '/translations', { consentSolutionId: solution.id, language: 'de' })).status).toBe(405);

    expect((await other('GET', `/translations/${fr.id}`)).status).toBe(404);
    expect((await other('PATCH', `/translations/${fr.id}`, { texts: { popup: popup() } })).status).toBe(404);
    expect((await other<TranslationRow[]>('GET', `/translations?consentSolutionId=${solution.id}`)).total).toBe(0);
    expect((await demo('DELETE', `/translations/${fr.id}`)).status).toBe(404);

    expect((await owner('DELETE', `/translations/${fr.id}`)).status).toBe(204);
    const after = await owner<TranslationJson>('GET', `/consent-solutions/${solution.id}/translations/fr`);
    expect([after.body.updatedAt, after.body.texts.popup]).toEqual([null, {}]);
  });

  it('[ROUTE-17] a language that is not one of the solution’s is refused', async () => {
    const solution = await newSolution('translations-lang.com');
    const put = await owner('PUT', `/consent-solutions/${solution.id}/translations/de/popup`, popup());
    expect([put.status, pairs(put.body)]).toEqual([400, [['language', 'validation.language_not_in_solution']]]);
    const get = await owner('GET', `/consent-solutions/${solution.id}/translations/xx`);
    expect(get.status).toBe(400);
  });

  it('[ERR-2] [ROLE-3] another account’s solution is not found; the demo role cannot write', async () => {
    const foreign = await other('GET', '/consent-solutions/1/translations');
    expect([foreign.status, pairs(foreign.body)]).toEqual([404, [['', 'error.backend.consent_solution_not_found']]]);
    const foreignPut = await other('PUT', '/consent-solutions/1/translations/en/popup', popup());
    expect(foreignPut.status).toBe(404);
    const foreignOwn = await owner('GET', `/consent-solutions/${SEED.otherSolution}/translations/completeness`);
    expect(foreignOwn.status).toBe(404);
    const demoSolutions = await demo<ConsentSolutionJson[]>('GET', '/consent-solutions');
    const demoId = demoSolutions.body[0]?.id;
    if (demoId !== undefined) {
      const readOnly = await demo('PUT', `/consent-solutions/${demoId}/translations/en/popup`, popup());
      expect(readOnly.status).toBe(403);
    }
  });

  it('[BEYOND-5] the completeness matrix counts missing texts per language and group, with the first gap', async () => {
    const solution = await newSolution('translations-matrix.com', ['fr', 'ca']);
    const before = await owner<{ languages: string[]; groups: string[]; cells: Cell[] }>('GET', `/consent-solutions/${solution.id}/translations/completeness`);
    expect(before.body.languages).toEqual(['en', 'fr', 'ca']);
    expect(before.body.groups).toEqual(['popup', 'cookiePolicy', 'privacyControls', 'categories', 'cookiePurposes']);
    const cell = (cells: Cell[], language: string, group: string) => cells.find((c) => c.language === language && c.group === group);
    expect(cell(before.body.cells, 'fr', 'popup')).toMatchObject({ missing: 0, defaults: 10, total: 10, firstMissing: null });
    expect(cell(before.body.cells, 'ca', 'categories')).toMatchObject({ missing: 15, defaults: 0, total: 15, firstMissing: 'necessary.sdk' });
    // I18N-2: a customer's text is counted apart from the defaults.
    await owner('PUT', `/consent-solutions/${solution.id}/translations/fr/popup`, { ...DEFAULT_TEXTS.fr?.popup, acceptButton: 'Oui' });

    // A French gap (as left by an earlier partial import): counted, and named as the first gap.
    const row = translationRows().find((r) => r.consentSolutionId === solution.id && r.language === 'fr');
    if (!row) throw new Error('no French row');
    delete row.texts.privacyControls.multidecline;
    const after = await owner<{ cells: Cell[] }>('GET', `/consent-solutions/${solution.id}/translations/completeness`);
    expect(cell(after.body.cells, 'fr', 'privacyControls')).toMatchObject({ missing: 1, defaults: 3, total: 4, firstMissing: 'multidecline' });
    expect(cell(after.body.cells, 'fr', 'popup')).toMatchObject({ missing: 0, defaults: 9, total: 10 });

    const seeded = await owner<{ cells: Cell[] }>('GET', '/consent-solutions/1/translations/completeness');
    // Demo Shop's cookies: 10, of which 5 have no French purpose and one no English purpose.
    expect(cell(seeded.body.cells, 'fr', 'cookiePurposes')).toMatchObject({ missing: 6, total: 10 });
    expect(cell(seeded.body.cells, 'en', 'cookiePurposes')).toMatchObject({ missing: 1, total: 10, firstMissing: '10' });
  });

  it('[BEYOND-5] exports JSON and CSV (one row per key and language) and re-imports them unchanged', async () => {
    const solution = await newSolution('translations-export.com');
    const json = await exportFile(solution.id, 'json');
    expect(json.status).toBe(200);
    expect(Object.keys(JSON.parse(json.text) as object)).toEqual(['en', 'fr']);
    const csv = await exportFile(solution.id, 'csv');
    expect(csv.type).toMatch(/text\/csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('key,language,text');
    expect(lines).toHaveLength(1 + 2 * TRANSLATION_KEYS.length);

    for (const [text, type] of [
      [json.text, 'application/json'],
      [csv.text, 'text/csv'],
    ] as const) {
      const again = await importFile(solution.id, text, type);
      expect([again.status, again.body]).toEqual([200, { dryRun: false, changes: [], unchanged: 2 * TRANSLATION_KEYS.length }]);
    }
  });

  it('[BEYOND-5] an import previews with dryRun, then applies; empty cells leave texts as they are', async () => {
    const solution = await newSolution('translations-import.com', ['fr', 'ca']);
    const csv = 'key,language,text\npopup.bannerHeading,ca,Fem servir galetes\npopup.acceptButton,fr,\n"popup.declineButton",fr,"Non, merci"\n';
    const preview = await importFile(solution.id, csv, 'text/csv', true);
    expect(preview).toEqual({
      status: 200,
      body: {
        dryRun: true,
        changes: [
          { language: 'ca', key: 'popup.bannerHeading', before: null, after: 'Fem servir galetes' },
          { language: 'fr', key: 'popup.declineButton', before: 'Refuser', after: 'Non, merci' },
        ],
        unchanged: 0,
      },
    });
    const ca = async () => (await owner<TranslationJson>('GET', `/consent-solutions/${solution.id}/translations/ca`)).body.texts.popup;
    expect(await ca()).toEqual({});
    const applied = await importFile(solution.id, csv, 'text/csv');
    expect(applied.status).toBe(200);
    expect(await ca()).toEqual({ bannerHeading: 'Fem servir galetes' });
    const fr = (await owner<TranslationJson>('GET', `/consent-solutions/${solution.id}/translations/fr`)).body;
    expect([fr.texts.popup.acceptButton, fr.texts.popup.declineButton]).toEqual(['Tout accepter', 'Non, merci']);
    // I18N-2: the imported text is the customer's, the untouched one still the default.
    expect(fr.defaultKeys).not.toContain('popup.declineButton');
    expect(fr.defaultKeys).toContain('popup.acceptButton');
  });

  it('[BEYOND-5] [VAL-4] a bad row refuses the whole import with row numbers and changes nothing', async () => {
    const solution = await newSolution('translations-refused.com');
    const before = JSON.stringify(translationRows());
    const csv = [
      'key,language,text',
      'popup.bannerHeading,fr,Bonjour', // fine, but must not be applied
      `popup.bannerHeading,en,${'x'.repeat(SHORT_TEXT_MAX + 1)}`,
      'popup.nope,en,Hello',
      'popup.acceptButton,de,Akzeptieren',
      'popup.bannerHeading,fr,Encore',
    ].join('\n');
    const refused = await importFile(solution.id, csv, 'text/csv');
    expect([refused.status, pairs(refused.body)]).toEqual([
      400,
      [
        ['rows.2.text', 'validation.max_length_255'],
        ['rows.3.key', 'validation.translation_key_unknown'],
        ['rows.4.language', 'validation.language_not_in_solution'],
        ['rows.5.key', 'validation.import_duplicate_row'],
      ],
    ]);
    const jsonRefused = await importFile(
      solution.id,
      JSON.stringify({ fr: { popup: { bannerHeading: 'Bonjour' } }, de: { popup: { bannerHeading: 'Hallo', acceptButton: 'Ja' } } }),
      'application/json',
    );
    expect([jsonRefused.status, pairs(jsonRefused.body)]).toEqual([400, [['de', 'validation.language_not_in_solution']]]);
    const badFiles = [
      ['not,the,columns\n1,2,3', 'text/csv', [['columns', 'validation.import_format_invalid']]],
      ['{"en": [1]', 'application/json', [['', 'validation.import_format_invalid']]],
      ['{"en": {"popup": {"bannerHeading": 5}}}', 'application/json', [['en.popup.bannerHeading', 'validation.invalid_value']]],
      ['{"__proto__": {"x": "y"}}', 'application/json', [['', 'validation.import_format_invalid']]],
    ] as const;
    for (const [content, type, expected] of badFiles) {
      const res = await importFile(solution.id, content, type);
      expect([res.status, pairs(res.body)], content).toEqual([400, expected]);
    }
    const wrongType = await fetch(`${server.baseUrl}/consent-solutions/${solution.id}/translations/import`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/xml' },
      body: '<x/>',
    });
    expect(wrongType.status).toBe(415);
    expect(JSON.stringify(translationRows())).toBe(before);
  });

  it('[ENT-3] deleting a solution removes its texts, so a later solution with the same id starts clean', async () => {
    const solution = await newSolution('translations-delete.com');
    await owner('PUT', `/consent-solutions/${solution.id}/translations/en/popup`, popup({ bannerHeading: 'Mine' }));
    // Only pending domains: switch them off so the solution may go.
    for (const domain of server.store.state().domains as { consentSolutionId: number; status: string }[]) {
      if (domain.consentSolutionId === solution.id) domain.status = 'inactive';
    }
    const deleted = await owner('DELETE', `/consent-solutions/${solution.id}`);
    expect(deleted.status).toBe(204);
    expect(translationRows().some((row) => row.consentSolutionId === solution.id)).toBe(false);
  });
});
