import { GVL } from '@iabtcf/core';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_LANGUAGES, defaultTextsOf } from '../../banner/publish/defaultTexts';
import { createGvlSource, GVL_TRANSLATED_LANGUAGES } from '../tcf/gvlSource';
import { caller, createBody, type Call, type ConsentSolutionJson } from './consentApi';
import { shippedTranslation, shippedVendorList, startGvlFixtureServer } from './gvlFixtureServer';
import { uiFilesOf } from './publishedBanner';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * I18N-1, I18N-3 over HTTP: what the CDN serves a visitor of each language, and the GVL's own
 * purpose translations. The store's start-up migration: languages.migration.test.ts.
 */

let server: TestServer;
let owner: Call;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
});
afterAll(() => server.close());

const heading = (language: string): string => defaultTextsOf(language)?.popup.bannerHeading ?? '';

/** A published solution in English with these other languages. */
const published = async (domain: string, additionalLanguages: string[], tcf = false): Promise<number> => {
  const created = await owner<ConsentSolutionJson>('POST', '/consent-solutions', createBody(domain, {}, { additionalLanguages }));
  expect(created.status).toBe(201);
  if (tcf) {
    const settings = {
      enabled: true,
      publisherCountryCode: 'DE',
      purposeOneTreatment: false,
      vendors: [{ id: 3, legIntPurposes: [] }],
      publisherRestrictions: [],
    };
    expect((await owner('PUT', `/consent-solutions/${created.body.id}/tcf`, settings)).status).toBe(200);
  }
  expect((await owner('POST', `/consent-solutions/${created.body.id}/publish`, {})).status).toBe(201);
  return created.body.id;
};

const cdn = async (id: number, file: string, acceptLanguage: string) => {
  const res = await fetch(`${server.baseUrl}/cdn/${id}/${file}`, { headers: { 'accept-language': acceptLanguage } });
  expect(res.status).toBe(200);
  return { text: await res.text(), vary: res.headers.get('vary') };
};

describe('every visitor in their own language', () => {
  it('[I18N-3] banner-full.js and the declaration are served in the language Accept-Language matches: regional variants, nb for no, else every language', async () => {
    const id = await published('languages-cdn.com', ['de', 'pt', 'nb', 'ar']);
    const cases: [string, string][] = [
      ['pt-BR,pt;q=0.9,en;q=0.5', 'pt'],
      ['de-AT', 'de'],
      ['no', 'nb'],
      ['fr-FR, ar-EG;q=0.8', 'ar'],
      ['nn-NO', 'nb'],
    ];
    for (const [header, language] of cases) {
      const full = await cdn(id, 'banner-full.js', header);
      expect(full.text, header).toContain(heading(language));
      for (const other of ['en', 'de', 'pt', 'nb', 'ar'].filter((code) => code !== language))
        expect(full.text, `${header} ${other}`).not.toContain(heading(other));
      expect(full.vary).toContain('Accept-Language');
      const declaration = await cdn(id, 'declaration.js', header);
      expect(declaration.text, header).toContain(defaultTextsOf(language)?.cookiePolicy.cookieDeclarationText);
      expect(declaration.text).not.toContain(defaultTextsOf(language === 'de' ? 'pt' : 'de')?.cookiePolicy.cookieDeclarationText);
      expect(declaration.vary).toBe('Accept-Encoding, Accept-Language');
    }
    // No published language wanted: the core offering each, and the declaration with all of them.
    const core = await cdn(id, 'banner-full.js', 'ja-JP, zh-TW');
    expect(Object.keys(uiFilesOf(core.text)).sort()).toEqual(['ar', 'de', 'en', 'nb', 'pt']);
    const all = await cdn(id, 'declaration.js', 'ja');
    for (const language of ['en', 'de', 'pt', 'nb', 'ar']) expect(all.text).toContain(defaultTextsOf(language)?.declaration.withdraw);
  });

  it('[I18N-1] [STD-8] with all thirty languages, one language reaches a visitor: banner-full.js and the declaration stay small, the core within 12 kB gzip', async () => {
    const others = DEFAULT_TEXT_LANGUAGES.filter((language) => language !== 'en');
    const id = await published('languages-thirty.com', others);
    const gzip = (text: string): number => gzipSync(text, { level: 9 }).length;
    const english = gzip((await cdn(id, 'banner-full.js', 'en')).text);
    const sizes: Record<string, number> = {};
    for (const language of DEFAULT_TEXT_LANGUAGES) {
      const { text } = await cdn(id, 'banner-full.js', language);
      sizes[language] = gzip(text);
      // Another language's heading would mean its UI came along.
      for (const other of ['en', 'de', 'ar', 'uk', 'el'].filter((code) => code !== language))
        expect(text, `${language} ${other}`).not.toContain(heading(other));
      expect(sizes[language], language).toBeLessThan(english * 1.25);
      expect(gzip((await cdn(id, 'declaration.js', language)).text), language).toBeLessThanOrEqual(6_000);
    }
    const core = gzip((await cdn(id, 'banner.js', 'ja')).text);
    expect(core).toBeLessThanOrEqual(12_000);
    console.log(
      `[I18N-1] banner-full.js gzip: ${['en', 'de', 'fr', 'pl', 'el', 'ar', 'he', 'uk'].map((l) => `${l} ${sizes[l]} B`).join(', ')}; core with 30 languages ${core} B`,
    );
  });

  it('[I18N-1] the TCF layers of a visitor’s language: the GVL’s German purposes for German, Norwegian texts for nb, no other language along', async () => {
    const id = await published('languages-tcf.com', ['de', 'nb', 'fr'], true);
    const ui = async (language: string): Promise<string> => {
      const { text } = await cdn(id, 'banner.js', language);
      const file = uiFilesOf(text)[language] ?? '';
      return (await fetch(`${server.baseUrl}/cdn/${id}/${file}`)).text();
    };
    const german = await ui('de');
    expect(german).toContain('Speichern von oder Zugriff auf Informationen auf einem Endgerät');
    expect(german).toContain(defaultTextsOf('de')?.tcf.saveChoices);
    expect(german).not.toContain('Stocker et/ou accéder');
    expect(german).not.toContain(defaultTextsOf('fr')?.tcf.saveChoices);
    const norwegian = await ui('nb');
    expect(norwegian).toContain(defaultTextsOf('nb')?.tcf.saveChoices);
    // The IAB names Norwegian `no`; none ships here, so the list's English declarations.
    expect(norwegian).toContain('Store and/or access information on a device');
    expect(norwegian).not.toContain('Speichern von oder Zugriff');
  });

  it('[I18N-1] the GVL refresh takes the IAB’s translation of every language a TC string can name; one it does not publish is no error', async () => {
    const consentLanguages: string[] = [];
    GVL.consentLanguages.forEach((code) => consentLanguages.push(code.toLowerCase()));
    expect([...GVL_TRANSLATED_LANGUAGES].sort()).toEqual(consentLanguages.filter((code) => code !== 'en').sort());

    const remote = await startGvlFixtureServer();
    try {
      const german = structuredClone(shippedTranslation('de')) as { purposes: Record<string, { name: string }> };
      (german.purposes['1'] ?? { name: '' }).name = 'Informationen auf einem Endgerät speichern (neu)';
      remote.set('vendor-list.json', { json: { ...shippedVendorList(), vendorListVersion: 141 } });
      remote.set('purposes-de.json', { json: german });
      remote.set('purposes-no.json', { json: { ...(shippedTranslation('de') as object), language: 'no' } });
      const source = createGvlSource({ url: remote.url });
      await source.start();
      expect(source.lastRefreshError()).toBeNull();
      const { translations } = source.current();
      expect(Object.keys(translations).sort()).toEqual(['de', 'en', 'fr', 'no']);
      expect(translations.de?.purposes['1']?.name).toBe('Informationen auf einem Endgerät speichern (neu)');

      remote.set('purposes-it.json', { status: 500 });
      await source.refresh();
      expect(source.lastRefreshError()).toContain('purposes-it.json');
      expect(source.current().translations.de?.purposes['1']?.name).toBe('Informationen auf einem Endgerät speichern (neu)');
      source.close();
    } finally {
      await remote.close();
    }
  });
});
