import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultTextsOf } from '../../banner/publish/defaultTexts';
import { TRANSLATION_KEYS } from '../../src/schemas/translations';
import type { PopupTemplateRow } from '../cdn/types';
import { GALLERY_TEMPLATES } from '../seed/templates';
import type { DbState, TranslationRow } from '../store/types';
import { startTestServer } from './startTestServer';

/**
 * I18N-2, I18N-3: the JSON store's start-up migration, on a database written before default
 * texts were marked (rows without `defaultKeys`, a language added but never filled, a
 * customer's own text) and before the gallery was right-to-left safe.
 */

const dir = mkdtempSync(join(tmpdir(), 'dev-api-i18n-migration-'));
const dbFile = join(dir, 'db.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readDb = (): DbState => JSON.parse(readFileSync(dbFile, 'utf8')) as DbState;
const rowsOf = (db: DbState, solutionId: number): TranslationRow[] =>
  (db.translations as TranslationRow[]).filter((row) => row.consentSolutionId === solutionId).sort((a, b) => a.language.localeCompare(b.language));
const gallery = (db: DbState, name: string): PopupTemplateRow | undefined =>
  (db.popupTemplates as PopupTemplateRow[]).find((row) => row.scope === 'gallery' && row.name === name);

describe('the store’s start-up migration of default texts and the gallery', () => {
  it('[I18N-2] [I18N-3] marks the defaults, fills a language never filled, keeps the customer’s text and an edited template, and changes nothing the second time', async () => {
    // A database as an older version left it.
    const first = await startTestServer({ dbFile });
    await first.close();
    const old = readDb();
    for (const row of old.translations as TranslationRow[]) delete row.defaultKeys;
    const fr = rowsOf(old, 1).find((row) => row.language === 'fr');
    if (!fr) throw new Error('the seed has no French row for solution 1');
    fr.texts.popup.bannerHeading = 'Nos cookies à nous';
    old.translations = (old.translations as TranslationRow[]).filter((row) => !(row.consentSolutionId === 1 && row.language === 'de'));
    const corner = gallery(old, 'Corner box');
    const modal = gallery(old, 'Centred modal');
    if (!corner || !modal) throw new Error('no gallery');
    corner.css = corner.css.replace('inset-inline-start: 16px', 'left: 16px');
    Object.assign(modal, { css: `${modal.css}\n.mine { color: red; }`, updatedBy: 'admin@demo.test' });
    writeFileSync(dbFile, JSON.stringify(old));

    const second = await startTestServer({ dbFile });
    await second.close();
    const migrated = readDb();
    const [de, en, french] = rowsOf(migrated, 1);
    expect(de?.language).toBe('de');
    expect(de?.texts.popup).toEqual(defaultTextsOf('de')?.popup);
    expect(de?.defaultKeys).toEqual(TRANSLATION_KEYS);
    expect(en?.defaultKeys).toEqual(TRANSLATION_KEYS);
    expect(french?.texts.popup.bannerHeading).toBe('Nos cookies à nous');
    expect(french?.defaultKeys).toEqual(TRANSLATION_KEYS.filter((key) => key !== 'popup.bannerHeading'));
    const cornerSeed = GALLERY_TEMPLATES.find((seed) => seed.name === 'Corner box');
    expect(gallery(migrated, 'Corner box')).toMatchObject({ css: cornerSeed?.css, version: corner.version + 1 });
    expect(gallery(migrated, 'Centred modal')?.css).toContain('.mine { color: red; }');

    const third = await startTestServer({ dbFile });
    await third.close();
    const again = readDb();
    expect(again.translations).toEqual(migrated.translations);
    expect(again.popupTemplates).toEqual(migrated.popupTemplates);
    expect(again.popupTemplateVersions).toEqual(migrated.popupTemplateVersions);
  }, 120_000);
});
