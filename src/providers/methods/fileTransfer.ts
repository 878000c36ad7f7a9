import type { ImportOutcome } from '../../shared/violations';
import { apiFetch } from '../apiClient';
import { isApiError } from '../../shared/apiError';
import { httpClient } from '../httpClient';

/** An export as the API answered it, with the name and media type to save it under. */
export interface TextFile {
  text: string;
  filename: string;
  type: string;
}

/** `GET` an export as text; a failure is the caller's toast (`defaultErrorKey`). */
export const getTextFile = async (path: string, type: string, filename: string, defaultErrorKey: string): Promise<TextFile> => {
  const { body } = await httpClient(path, { headers: { Accept: type }, defaultErrorKey });
  return { text: body, filename, type };
};

/**
 * Posts a file to an import endpoint (`?dryRun=true` to preview). Not through httpClient: a
 * refused file may hold a hundred row violations, which the import dialog lists instead of a
 * hundred toasts, so a refusal answers them rather than throwing.
 */
export const postImportFile = async <Result>(path: string, content: string, contentType: string, dryRun: boolean): Promise<ImportOutcome<Result>> => {
  try {
    const { json } = await apiFetch<Result>(`${path}${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      body: content,
      headers: { 'Content-Type': contentType },
    });
    return { ok: true, result: json };
  } catch (error) {
    if (isApiError(error) && error.violations.length > 0 && error.status !== 401) return { ok: false, violations: error.violations };
    throw error;
  }
};
