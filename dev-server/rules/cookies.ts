import {
  COOKIE_CSV_FIXED_COLUMNS,
  cookieIdentity,
  cookieInputSchema,
  cookieSourceSchema,
  PURPOSE_COLUMN,
  purposeColumn,
  type CookieData,
  type CookieSource,
} from '../../src/schemas/cookie';
import type { Violation } from '../../src/shared/violations';
import type { ServerContext } from '../context/context';
import { solutionLanguages } from '../data/consentSolutions';
import { cookieRows, COOKIES } from '../data/cookies';
import type { ParsedCsv } from '../http/csv';
import { ApiError, violation } from '../http/errors';
import { IMPORT_MAX_ROWS, MAX_IMPORT_VIOLATIONS, uniqueViolations } from '../http/importFile';
import type { ConsentSolutionRow, CookieRow } from '../store/types';

/** A solution's cookies (ENT-7, ROUTE-18): how purposes are stored, and the CSV import. */

/** Blank purposes are not stored: a missing purpose is what the completeness matrix counts. */
export const compactPurpose = (purpose: CookieData['purpose']): CookieData['purpose'] =>
  Object.fromEntries(Object.entries(purpose).filter(([, text]) => typeof text === 'string' && text !== ''));

/** What an import compares to tell an unchanged row from a changed one. */
const comparable = (cookie: CookieData & { source: CookieSource }): string =>
  JSON.stringify([
    cookie.name,
    cookie.domain,
    cookie.category,
    cookie.expiryDays,
    cookie.dataProcessor,
    cookie.source,
    Object.entries(compactPurpose(cookie.purpose)).sort(([a], [b]) => a.localeCompare(b)),
  ]);

interface CookieImportChange {
  row: number;
  action: 'create' | 'update';
  name: string;
  domain: string;
  /** The fields an update changes. */
  fields: string[];
}

interface CookieImportResult {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  changes: CookieImportChange[];
}

/** The CSV column a schema issue belongs to. */
const csvColumnOf = (path: string[]): string => {
  const [first, second] = path;
  if (first === 'dataProcessor') return second === 'privacyPolicyUrl' ? 'dataProcessorPrivacyPolicyUrl' : 'dataProcessorName';
  if (first === 'purpose' && second !== undefined) return purposeColumn(second);
  return first ?? '';
};

/** name, domain and category are needed; purposes only for the solution's languages; nothing unknown. */
const checkColumns = (columns: string[], solution: ConsentSolutionRow): Violation[] => {
  const languages = new Set<string>(solutionLanguages(solution));
  const known = new Set<string>(COOKIE_CSV_FIXED_COLUMNS);
  const violations: Violation[] = [];
  for (const required of ['name', 'domain', 'category']) {
    if (!columns.includes(required)) violations.push(violation('validation.import_format_invalid', `columns.${required}`));
  }
  for (const column of columns) {
    const language = PURPOSE_COLUMN.exec(column)?.[1];
    if (language !== undefined) {
      if (!languages.has(language)) violations.push(violation('validation.language_not_in_solution', `columns.${column}`));
    } else if (!known.has(column)) violations.push(violation('validation.import_format_invalid', `columns.${column}`));
  }
  return violations;
};

/**
 * CSV import: rows match stored cookies by name and domain (update) or are new (create);
 * cookies absent from the file stay. Every row is checked first; any violation refuses the
 * whole file (400, `rows.<n>.<column>`, n counted from 1 after the header) and nothing
 * changes. `firstSeen` and `lastSeen` are the scanner's and are not imported. A dry run
 * answers the same without writing.
 */
export const importCookies = (ctx: Pick<ServerContext, 'store' | 'now'>, solution: ConsentSolutionRow, csv: ParsedCsv, dryRun: boolean): CookieImportResult => {
  const rows = (): CookieRow[] => cookieRows(ctx.store);
  const columnViolations = checkColumns(csv.columns, solution);
  if (columnViolations.length > 0) throw new ApiError(400, columnViolations);
  if (csv.rows.length === 0) throw new ApiError(400, [violation('validation.import_empty')]);
  if (csv.rows.length > IMPORT_MAX_ROWS) throw new ApiError(400, [violation('validation.import_too_many_rows')]);

  const existing = new Map(
    rows()
      .filter((c) => c.consentSolutionId === solution.id)
      .map((c) => [cookieIdentity(c), c] as const),
  );
  const purposeLanguages = csv.columns.flatMap((column) => PURPOSE_COLUMN.exec(column)?.[1] ?? []);
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const planned: { row: number; input: CookieData; source: CookieSource; stored: CookieRow | undefined }[] = [];

  csv.rows.forEach((line, index) => {
    const row = index + 1;
    const at = (column: string) => `rows.${row}.${column}`;
    const stored = existing.get(cookieIdentity({ name: (line.name ?? '').trim(), domain: (line.domain ?? '').trim().toLowerCase() }));
    const purpose: Record<string, string> = { ...(stored?.purpose ?? {}) };
    for (const language of purposeLanguages) purpose[language] = line[purposeColumn(language)] ?? '';
    const expiryText = (line.expiryDays ?? '').trim();
    const parsed = cookieInputSchema.safeParse({
      name: line.name ?? '',
      domain: line.domain ?? '',
      category: (line.category ?? '').trim(),
      expiryDays: expiryText === '' ? null : Number(expiryText),
      dataProcessor: { name: line.dataProcessorName ?? '', privacyPolicyUrl: line.dataProcessorPrivacyPolicyUrl ?? '' },
      purpose,
    });
    const sourceText = (line.source ?? '').trim();
    const source = sourceText === '' ? undefined : cookieSourceSchema.safeParse(sourceText);
    if (source && !source.success) violations.push(violation('validation.cookie_source_invalid', at('source')));
    if (!parsed.success) {
      violations.push(...parsed.error.issues.map((issue) => violation(issue.message, at(csvColumnOf(issue.path.map(String))))));
      return;
    }
    const identity = cookieIdentity(parsed.data);
    if (seen.has(identity)) {
      violations.push(violation('validation.import_duplicate_row', at('name')));
      return;
    }
    seen.add(identity);
    planned.push({ row, input: parsed.data, source: source?.data ?? stored?.source ?? 'manual', stored });
  });
  if (violations.length > 0) throw new ApiError(400, uniqueViolations(violations).slice(0, MAX_IMPORT_VIOLATIONS));

  const changes: CookieImportChange[] = [];
  let unchanged = 0;
  for (const { row, input, source, stored } of planned) {
    const next = { ...input, purpose: compactPurpose(input.purpose), source };
    if (!stored) changes.push({ row, action: 'create', name: input.name, domain: input.domain, fields: [] });
    else if (comparable(stored) === comparable(next)) unchanged += 1;
    else {
      const fields = (['category', 'expiryDays', 'dataProcessor', 'purpose', 'source'] as const).filter(
        (field) => JSON.stringify(field === 'purpose' ? compactPurpose(stored.purpose) : stored[field]) !== JSON.stringify(next[field]),
      );
      changes.push({ row, action: 'update', name: input.name, domain: input.domain, fields });
    }
  }

  if (!dryRun && changes.length > 0) {
    // Everything validated: the writes below cannot fail and run in this one tick (all or nothing).
    const now = ctx.now().toISOString();
    const byRow = new Map(planned.map((p) => [p.row, p] as const));
    for (const change of changes) {
      const plan = byRow.get(change.row);
      if (!plan) continue;
      const values = { ...plan.input, purpose: compactPurpose(plan.input.purpose), source: plan.source };
      if (plan.stored) Object.assign(plan.stored, values, { updatedAt: now });
      else {
        rows().push({
          id: ctx.store.nextId(COOKIES),
          accountId: solution.accountId,
          consentSolutionId: solution.id,
          ...values,
          firstSeen: now,
          lastSeen: now,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    ctx.store.write();
  }
  return {
    dryRun,
    created: changes.filter((c) => c.action === 'create').length,
    updated: changes.filter((c) => c.action === 'update').length,
    unchanged,
    changes,
  };
};
