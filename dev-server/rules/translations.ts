import { setTextAt, textAt, textSchemaOf } from '../../src/schemas/translations';
import type { LanguageCode } from '../../src/shared/languages';
import type { Violation } from '../../src/shared/violations';
import type { ServerContext } from '../context/context';
import { solutionLanguages } from '../data/consentSolutions';
import { translationRowForWrite, translationRowOf } from '../data/translations';
import { marksAfterWrite } from '../seed/defaultTranslations';
import { ApiError, violation } from '../http/errors';
import { IMPORT_MAX_ROWS, MAX_IMPORT_VIOLATIONS, uniqueViolations } from '../http/importFile';
import type { ConsentSolutionRow } from '../store/types';

/** One text of an import file (ENT-3, BEYOND-5), as the route read it from CSV or JSON. */
export interface ImportEntry {
  language: string;
  key: string;
  text: string;
  /** Where a problem is reported: `rows.7.text` (CSV) or `fr.popup.bannerHeading` (JSON). */
  path: (column: 'language' | 'key' | 'text') => string;
}

interface TranslationChange {
  language: string;
  key: string;
  before: string | null;
  after: string;
}

export const languageNotInSolution = (path: string): Violation => violation('validation.language_not_in_solution', path);

/**
 * Imports a solution's texts: every entry is checked first (a language of the solution, a known
 * key once, a text its schema takes); one bad entry refuses the whole file (400) and nothing
 * changes. A dry run answers the same preview without writing. An empty text leaves the stored
 * one as it is.
 */
export const importTranslations = (
  ctx: Pick<ServerContext, 'store' | 'now'>,
  solution: ConsentSolutionRow,
  entries: ImportEntry[],
  dryRun: boolean,
): { dryRun: boolean; changes: TranslationChange[]; unchanged: number } => {
  if (entries.length > IMPORT_MAX_ROWS) throw new ApiError(400, [violation('validation.import_too_many_rows')]);

  const languages = new Set<string>(solutionLanguages(solution));
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const accepted: ImportEntry[] = [];
  for (const entry of entries) {
    const problems: Violation[] = [];
    if (!languages.has(entry.language)) problems.push(languageNotInSolution(entry.path('language')));
    const schema = textSchemaOf(entry.key);
    if (!schema) problems.push(violation('validation.translation_key_unknown', entry.path('key')));
    else if (seen.has(`${entry.language}\u0000${entry.key}`)) problems.push(violation('validation.import_duplicate_row', entry.path('key')));
    seen.add(`${entry.language}\u0000${entry.key}`);
    if (schema && entry.text.trim() !== '') {
      const parsed = schema.safeParse(entry.text);
      if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => violation(issue.message, entry.path('text'))));
      else if (problems.length === 0) accepted.push({ ...entry, text: parsed.data as string });
    }
    violations.push(...problems);
  }
  if (violations.length > 0) throw new ApiError(400, uniqueViolations(violations).slice(0, MAX_IMPORT_VIOLATIONS));

  const changes: TranslationChange[] = [];
  let unchanged = 0;
  for (const entry of accepted) {
    const before = textAt(translationRowOf(ctx.store, solution, entry.language)?.texts, entry.key) ?? null;
    if (before === entry.text) unchanged += 1;
    else changes.push({ language: entry.language, key: entry.key, before, after: entry.text });
  }
  if (!dryRun && changes.length > 0) {
    const now = ctx.now().toISOString();
    // Validated above: from here on nothing can fail, and it all runs in this one tick.
    for (const change of changes) {
      const row = translationRowForWrite(ctx.store, solution, change.language as LanguageCode, now);
      const before = structuredClone(row.texts);
      setTextAt(row.texts, change.key, change.after);
      row.defaultKeys = marksAfterWrite(row, before, row.texts);
      row.updatedAt = now;
    }
    ctx.store.write();
  }
  return { dryRun, changes, unchanged };
};
