import type { Identifier } from 'react-admin';
import { apiFetch } from '../../providers/apiClient';
import { isApiError } from '../../providers/apiError';
import { httpClient } from '../../providers/httpClient';
import type { StoredTexts, TranslationGroup } from '../../schemas/translations';
import type { Violation } from '../../shared/violations';

/**
 * The translation calls of docs/api.md "Translations", through the providers' clients (never a
 * raw fetch). Reads and saves go through httpClient, so a failure is one toast per violation or
 * the screen's default notice (ERR-1: getting and saving translations); imports use apiFetch,
 * because a refused file may hold a hundred row violations that belong in the dialog, not in
 * a hundred toasts.
 */

export interface LanguageTexts {
  language: string;
  texts: StoredTexts;
  updatedAt: string | null;
}

export interface CompletenessCell {
  language: string;
  group: string;
  missing: number;
  total: number;
  firstMissing: string | null;
}

export interface Completeness {
  languages: string[];
  groups: string[];
  fallbackLanguage: string;
  cells: CompletenessCell[];
}

export interface TranslationImportResult {
  dryRun: boolean;
  changes: { language: string; key: string; before: string | null; after: string }[];
  unchanged: number;
}

export type ImportOutcome<T> = { ok: true; result: T } | { ok: false; violations: Violation[] };

const base = (solutionId: Identifier) => `/consent-solutions/${encodeURIComponent(String(solutionId))}/translations`;

export const getLanguageTexts = async (solutionId: Identifier, language: string): Promise<LanguageTexts> => {
  const { json } = await httpClient(`${base(solutionId)}/${encodeURIComponent(language)}`, { defaultErrorKey: 'translations.notifications.get_error' });
  return json as LanguageTexts;
};

export const getCompleteness = async (solutionId: Identifier): Promise<Completeness> => {
  const { json } = await httpClient(`${base(solutionId)}/completeness`, { defaultErrorKey: 'translations.notifications.get_error' });
  return json as Completeness;
};

/** Saves one group; rejects with react-admin's HttpError whose `body.errors` maps field paths to messages. */
export const saveGroup = async (solutionId: Identifier, language: string, group: TranslationGroup, texts: unknown): Promise<LanguageTexts> => {
  const { json } = await httpClient(`${base(solutionId)}/${encodeURIComponent(language)}/${group}`, {
    method: 'PUT',
    body: JSON.stringify(texts),
    defaultErrorKey: 'translations.notifications.save_error',
  });
  return json as LanguageTexts;
};

/** `format` json or csv; the file text and the name to save it under. */
export const exportTranslations = async (solutionId: Identifier, format: 'json' | 'csv'): Promise<{ text: string; filename: string }> => {
  const { body } = await httpClient(`${base(solutionId)}/export?format=${format}`, {
    headers: { Accept: format === 'csv' ? 'text/csv' : 'application/json' },
    defaultErrorKey: 'translations.notifications.export_error',
  });
  return { text: body, filename: `translations-${String(solutionId)}.${format}` };
};

/** Posts a file to an import endpoint; a refusal answers its violations rather than throwing. */
export const postImport = async <T,>(path: string, content: string, contentType: string, dryRun: boolean): Promise<ImportOutcome<T>> => {
  try {
    const { json } = await apiFetch<T>(`${path}${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body: content, headers: { 'Content-Type': contentType } });
    return { ok: true, result: json };
  } catch (error) {
    if (isApiError(error) && error.violations.length > 0 && error.status !== 401) return { ok: false, violations: error.violations };
    throw error;
  }
};

export const importTranslations = (solutionId: Identifier, content: string, contentType: string, dryRun: boolean) =>
  postImport<TranslationImportResult>(`${base(solutionId)}/import`, content, contentType, dryRun);

/** Offers text as a file download. */
export const downloadText = (text: string, filename: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** The media type of an import file, by its name. */
export const importContentType = (filename: string): string => (/\.json$/i.test(filename) ? 'application/json' : 'text/csv');
