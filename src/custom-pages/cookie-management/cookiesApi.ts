import type { Identifier } from 'react-admin';
import { apiFetch } from '../../providers/apiClient';
import { isApiError } from '../../providers/apiError';
import { httpClient } from '../../providers/httpClient';
import type { Violation } from '../../shared/violations';

/**
 * The cookie calls that are not CRUD (docs/api.md "Cookies"): CSV export and import. CRUD goes
 * through the dataProvider (`cookies` resource). A refused import answers its row violations
 * to the dialog rather than as a toast per row.
 */

export interface CookieImportResult {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  changes: { row: number; action: 'create' | 'update'; name: string; domain: string; fields: string[] }[];
}

export type CookieImportOutcome = { ok: true; result: CookieImportResult } | { ok: false; violations: Violation[] };

const base = (solutionId: Identifier) => `/consent-solutions/${encodeURIComponent(String(solutionId))}/cookies`;

export const exportCookies = async (solutionId: Identifier): Promise<{ text: string; filename: string }> => {
  const { body } = await httpClient(`${base(solutionId)}/export`, { headers: { Accept: 'text/csv' }, defaultErrorKey: 'cookies.notifications.export_error' });
  return { text: body, filename: `cookies-${String(solutionId)}.csv` };
};

export const importCookies = async (solutionId: Identifier, csv: string, dryRun: boolean): Promise<CookieImportOutcome> => {
  try {
    const { json } = await apiFetch<CookieImportResult>(`${base(solutionId)}/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    return { ok: true, result: json };
  } catch (error) {
    if (isApiError(error) && error.violations.length > 0 && error.status !== 401) return { ok: false, violations: error.violations };
    throw error;
  }
};

export const downloadCsv = (text: string, filename: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};
