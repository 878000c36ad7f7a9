import type { DataProvider, Identifier } from 'ra-core';
import type { CookieImportResult } from '../../schemas/cookie';
import type { ImportOutcome } from '../../shared/violations';
import { getTextFile, postImportFile, type TextFile } from './fileTransfer';

/** docs/api.md "Cookies": the calls that are not CRUD (CRUD is the `cookies` resource). */
export interface CookieMethods {
  exportCookies(solutionId: Identifier): Promise<TextFile>;
  /** A CSV import, or its dry run; a refused file answers its row violations. */
  importCookies(solutionId: Identifier, csv: string, dryRun: boolean): Promise<ImportOutcome<CookieImportResult>>;
}

const base = (solutionId: Identifier) => `/consent-solutions/${encodeURIComponent(String(solutionId))}/cookies`;

export const withCookieMethods = <T extends DataProvider>(provider: T): T & CookieMethods => ({
  ...provider,
  exportCookies: (solutionId) =>
    getTextFile(`${base(solutionId)}/export`, 'text/csv', `cookies-${String(solutionId)}.csv`, 'cookies.notifications.export_error'),
  importCookies: (solutionId, csv, dryRun) => postImportFile<CookieImportResult>(`${base(solutionId)}/import`, csv, 'text/csv', dryRun),
});
