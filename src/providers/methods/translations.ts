import type { DataProvider, Identifier } from 'ra-core';
import type { Completeness, LanguageTexts, TranslationGroup, TranslationImportResult } from '../../schemas/translations';
import type { ImportOutcome } from '../../shared/violations';
import { httpClient } from '../httpClient';
import { getTextFile, postImportFile, type TextFile } from './fileTransfer';

export type TranslationExportFormat = 'json' | 'csv';

/**
 * docs/api.md "Translations": one document per solution and language, read and saved a group at
 * a time. A failed read or save is one toast per violation or the screen's notice (ERR-1); a
 * refused save rejects with react-admin's HttpError, whose `body.violations` go on the fields.
 */
export interface TranslationMethods {
  getTranslations(solutionId: Identifier, language: string): Promise<LanguageTexts>;
  getTranslationCompleteness(solutionId: Identifier): Promise<Completeness>;
  saveTranslationGroup(solutionId: Identifier, language: string, group: TranslationGroup, texts: unknown): Promise<LanguageTexts>;
  /** I18N-2: puts texts (`popup.bannerHeading`) back to the language's default text. */
  resetTranslationTexts(solutionId: Identifier, language: string, keys: readonly string[]): Promise<LanguageTexts>;
  exportTranslations(solutionId: Identifier, format: TranslationExportFormat): Promise<TextFile>;
  /** A JSON or CSV import, or its dry run; a refused file answers its violations. */
  importTranslations(solutionId: Identifier, content: string, contentType: string, dryRun: boolean): Promise<ImportOutcome<TranslationImportResult>>;
}

const base = (solutionId: Identifier) => `/consent-solutions/${encodeURIComponent(String(solutionId))}/translations`;
const GET_ERROR = 'translations.notifications.get_error';
const MEDIA_TYPES: Record<TranslationExportFormat, string> = { json: 'application/json', csv: 'text/csv' };

export const withTranslationMethods = <T extends DataProvider>(provider: T): T & TranslationMethods => ({
  ...provider,
  getTranslations: async (solutionId, language) =>
    (await httpClient(`${base(solutionId)}/${encodeURIComponent(language)}`, { defaultErrorKey: GET_ERROR })).json as LanguageTexts,
  getTranslationCompleteness: async (solutionId) => (await httpClient(`${base(solutionId)}/completeness`, { defaultErrorKey: GET_ERROR })).json as Completeness,
  saveTranslationGroup: async (solutionId, language, group, texts) =>
    (
      await httpClient(`${base(solutionId)}/${encodeURIComponent(language)}/${group}`, {
        method: 'PUT',
        body: JSON.stringify(texts),
        defaultErrorKey: 'translations.notifications.save_error',
      })
    ).json as LanguageTexts,
  resetTranslationTexts: async (solutionId, language, keys) =>
    (
      await httpClient(`${base(solutionId)}/${encodeURIComponent(language)}/reset`, {
        method: 'POST',
        body: JSON.stringify({ keys }),
        defaultErrorKey: 'translations.defaults.error',
      })
    ).json as LanguageTexts,
  exportTranslations: (solutionId, format) =>
    getTextFile(
      `${base(solutionId)}/export?format=${format}`,
      MEDIA_TYPES[format],
      `translations-${String(solutionId)}.${format}`,
      'translations.notifications.export_error',
    ),
  importTranslations: (solutionId, content, contentType, dryRun) =>
    postImportFile<TranslationImportResult>(`${base(solutionId)}/import`, content, contentType, dryRun),
});
