import { Router } from 'express';
import { z } from 'zod';
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
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { consentSolutionRows, ownSolution, solutionLanguages } from '../data/consentSolutions';
import { cookieNotFound, cookieRows, COOKIES, ownCookie } from '../data/cookies';
import { owned } from '../guards/ownership';
import { permit } from '../guards/permissions';
import { ApiError, violation } from '../http/errors';
import { noQuery } from '../http/query';
import { parseOrThrow, parseUpdate } from '../http/validation';
import type { ConsentSolutionRow, CookieRow } from '../store/types';
import { parseImportCsv, toCsv } from '../http/csv';
import { dryRunOf, importBody, IMPORT_MAX_ROWS, MAX_IMPORT_VIOLATIONS, uniqueViolations } from '../http/importFile';

/**
 * Cookies (docs/api.md "Cookies", ENT-7, ROUTE-18): a plain collection filtered by
 * `consentSolutionId`, like domains; CSV export and import are actions. Validation is the shared `cookieInputSchema`
 * (src/schemas/cookie.ts, also the app's forms); the rules that need stored data live here:
 * purpose languages must be the solution's, and name + domain are unique within a solution.
 */

const SOLUTION_COOKIES = '/consent-solutions/:id/cookies';

const LIST_FIELDS: ReadonlySet<string> = new Set([
  'consentSolutionId',
  'name',
  'domain',
  'category',
  'source',
  'expiryDays',
  'firstSeen',
  'lastSeen',
  'createdAt',
  'updatedAt',
]);

const EDITABLE_KEYS = ['name', 'domain', 'category', 'purpose', 'expiryDays', 'dataProcessor'] as const;

const createSchema = z.object({
  consentSolutionId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)], { error: 'validation.required' }),
});

const alreadyExists = (path = 'name'): Violation => violation('error.backend.cookie_already_exists', path);

/** Purpose keys outside the solution's languages, one violation each (`purpose.de`). */
const purposeLanguageViolations = (solution: ConsentSolutionRow, purpose: CookieData['purpose'], pathOf = (language: string) => `purpose.${language}`): Violation[] => {
  const allowed = new Set<string>(solutionLanguages(solution));
  return Object.keys(purpose)
    .filter((language) => !allowed.has(language))
    .map((language) => violation('validation.language_not_in_solution', pathOf(language)));
};

/** Blank purposes are not stored: a missing purpose is what the completeness matrix counts. */
const compactPurpose = (purpose: CookieData['purpose']): CookieData['purpose'] =>
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

export interface CookieImportChange {
  row: number;
  action: 'create' | 'update';
  name: string;
  domain: string;
  /** The fields an update changes. */
  fields: string[];
}

interface CookieCreation {
  solution: ConsentSolutionRow;
  input: CookieData;
}

const cookieCollection = (ctx: ServerContext): CollectionDefinition<CookieRow, CookieCreation, CookieData> => {
  const rows = (): CookieRow[] => cookieRows(ctx.store);
  const solutionOf = (cookie: Pick<CookieRow, 'consentSolutionId'>): ConsentSolutionRow => {
    const solution = consentSolutionRows(ctx.store).find((s) => s.id === cookie.consentSolutionId);
    if (!solution) throw cookieNotFound();
    return solution;
  };
  const clash = (solutionId: number, candidate: Pick<CookieData, 'name' | 'domain'>, exceptId?: number): boolean => {
    const identity = cookieIdentity(candidate);
    return rows().some((cookie) => cookie.consentSolutionId === solutionId && cookie.id !== exceptId && cookieIdentity(cookie) === identity);
  };
  const checkLanguages = (solution: ConsentSolutionRow, purpose: CookieData['purpose']): void => {
    const languageViolations = purposeLanguageViolations(solution, purpose);
    if (languageViolations.length > 0) throw new ApiError(400, languageViolations);
  };

  return {
    name: COOKIES,
    path: '/cookies',
    operations: { read: 'consentSolutions.read', write: 'consentSolutions.write', delete: 'consentSolutions.write' },
    own: (caller, id) => ownCookie(ctx.store, caller, id),
    list: { fields: LIST_FIELDS, matches: (row, needle) => row.name.toLowerCase().includes(needle) },
    validate: {
      create: (body, caller) => {
        const { consentSolutionId } = parseOrThrow(createSchema, body);
        const solution = ownSolution(ctx.store, caller, String(consentSolutionId));
        return { solution, input: parseOrThrow(cookieInputSchema, body) };
      },
      update: (row, body) => parseUpdate(cookieInputSchema, row, body, EDITABLE_KEYS),
    },
    rules: {
      create: ({ solution, input }) => {
        checkLanguages(solution, input.purpose);
        if (clash(solution.id, input)) throw new ApiError(409, [alreadyExists()]);
        const now = ctx.now().toISOString();
        return {
          accountId: solution.accountId,
          consentSolutionId: solution.id,
          ...input,
          purpose: compactPurpose(input.purpose),
          source: 'manual',
          firstSeen: now,
          lastSeen: now,
          createdAt: now,
          updatedAt: now,
        };
      },
      update: (row, next) => {
        checkLanguages(solutionOf(row), next.purpose);
        if (clash(row.consentSolutionId, next, row.id)) throw new ApiError(409, [alreadyExists()]);
        return { ...next, purpose: compactPurpose(next.purpose), updatedAt: ctx.now().toISOString() };
      },
    },
  };
};

/** CSV export and import of a solution's cookies. */
const cookieActions = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const rows = (): CookieRow[] => cookieRows(ctx.store);
  const ownSolutionRow = owned((caller, id) => ownSolution(ctx.store, caller, id));

  /** CSV: the fixed columns, then one `purpose_<language>` column per solution language. */
  router.get(`${SOLUTION_COOKIES}/export`, session, noQuery, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const languages = solutionLanguages(solution);
    const columns = [...COOKIE_CSV_FIXED_COLUMNS, ...languages.map(purposeColumn)];
    const lines = rows()
      .filter((cookie) => cookie.consentSolutionId === solution.id)
      .sort((a, b) => a.id - b.id)
      .map((cookie) => ({
        name: cookie.name,
        domain: cookie.domain,
        category: cookie.category,
        expiryDays: cookie.expiryDays,
        dataProcessorName: cookie.dataProcessor?.name ?? '',
        dataProcessorPrivacyPolicyUrl: cookie.dataProcessor?.privacyPolicyUrl ?? '',
        source: cookie.source,
        firstSeen: cookie.firstSeen,
        lastSeen: cookie.lastSeen,
        ...Object.fromEntries(languages.map((language) => [purposeColumn(language), cookie.purpose[language] ?? ''])),
      }));
    res.setHeader('Content-Disposition', `attachment; filename="cookies-${solution.id}.csv"`);
    res.type('text/csv').send(toCsv(columns, lines));
  });

  /**
   * CSV import: rows match stored cookies by name and domain (update) or are new (create);
   * cookies absent from the file stay. Every row is checked first; any violation refuses the
   * whole file (400, `rows.<n>.<column>`, n counted from 1 after the header) and nothing
   * changes. `firstSeen` and `lastSeen` are the scanner's and are not imported.
   */
  router.post(`${SOLUTION_COOKIES}/import`, session, ownSolutionRow, permit('consentSolutions.write'), importBody, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const extra = Object.keys(req.query).find((key) => key !== 'dryRun');
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    const csv = parseImportCsv(req.body as string);
    if (!csv) throw new ApiError(400, [violation('validation.import_format_invalid')]);
    const columnViolations = checkColumns(csv.columns, solution);
    if (columnViolations.length > 0) throw new ApiError(400, columnViolations);
    if (csv.rows.length === 0) throw new ApiError(400, [violation('validation.import_empty')]);
    if (csv.rows.length > IMPORT_MAX_ROWS) throw new ApiError(400, [violation('validation.import_too_many_rows')]);

    const existing = new Map(rows().filter((c) => c.consentSolutionId === solution.id).map((c) => [cookieIdentity(c), c] as const));
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

    const dryRun = dryRunOf(req.query);
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
          rows().push({ id: ctx.store.nextId(COOKIES), accountId: solution.accountId, consentSolutionId: solution.id, ...values, firstSeen: now, lastSeen: now, createdAt: now, updatedAt: now });
        }
      }
      ctx.store.write();
    }
    res.json({
      dryRun,
      created: changes.filter((c) => c.action === 'create').length,
      updated: changes.filter((c) => c.action === 'update').length,
      unchanged,
      changes,
    });
  });

  return router;
};

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

export const cookiesFeature: Feature = {
  name: 'cookies',
  routes: (ctx, { bridge }) => [collectionRoutes(ctx, bridge, cookieCollection(ctx)), cookieActions(ctx)],
};
