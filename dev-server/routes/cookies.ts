import { Router, type RequestHandler } from 'express';
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
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context';
import { acceptBody } from '../http/bodyParsers';
import { ApiError } from '../http/errors';
import type { ConsentSolutionRow, CookieRow } from '../store/types';
import { apiViolation, consentData, noQuery, parseOrThrow, requireWrite } from './consentData';
import { sendList } from './listRows';
import {
  cookieRows,
  COOKIES,
  dryRunOf,
  importBody,
  IMPORT_MAX_ROWS,
  MAX_IMPORT_VIOLATIONS,
  parseImportCsv,
  solutionLanguages,
  toCsv,
  uniqueViolations,
} from './solutionContent';

/**
 * Cookies (docs/api.md "Cookies", ENT-7, ROUTE-18): one flat collection filtered by
 * `consentSolutionId`, like domains. Validation is the shared `cookieInputSchema`
 * (src/schemas/cookie.ts, also the app's forms); the rules that need stored data live here:
 * purpose languages must be the solution's, and name + domain are unique within a solution.
 */

const PATH = '/cookies';
const ITEM = `${PATH}/:id`;
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

const cookieNotFound = (): ApiError => new ApiError(404, [apiViolation('error.backend.cookie_not_found')]);
const alreadyExists = (path = 'name'): Violation => apiViolation('error.backend.cookie_already_exists', path);

/** Purpose keys outside the solution's languages, one violation each (`purpose.de`). */
const purposeLanguageViolations = (solution: ConsentSolutionRow, purpose: CookieData['purpose'], pathOf = (language: string) => `purpose.${language}`): Violation[] => {
  const allowed = new Set<string>(solutionLanguages(solution));
  return Object.keys(purpose)
    .filter((language) => !allowed.has(language))
    .map((language) => apiViolation('validation.language_not_in_solution', pathOf(language)));
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

export const cookieRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const data = consentData(ctx.store);
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  const rows = (): CookieRow[] => cookieRows(ctx.store);
  rows();

  const ownCookie = (caller: Session, idParam: string | undefined): CookieRow => {
    const id = idParam !== undefined && /^\d{1,15}$/.test(idParam) ? Number(idParam) : undefined;
    const row = id === undefined ? undefined : rows().find((cookie) => cookie.id === id);
    if (!row || row.accountId !== caller.accountId) throw cookieNotFound();
    return row;
  };
  const writable: RequestHandler = (req, _res, next) => {
    requireWrite(getSession(req));
    next();
  };
  const ownWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    ownCookie(caller, req.params.id);
    requireWrite(caller);
    next();
  };
  const ownSolutionWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    data.ownSolution(caller, req.params.id);
    requireWrite(caller);
    next();
  };
  const solutionOf = (cookie: Pick<CookieRow, 'consentSolutionId'>): ConsentSolutionRow => {
    const solution = data.solutions().find((s) => s.id === cookie.consentSolutionId);
    if (!solution) throw cookieNotFound();
    return solution;
  };
  const clash = (solutionId: number, candidate: Pick<CookieData, 'name' | 'domain'>, exceptId?: number): boolean => {
    const identity = cookieIdentity(candidate);
    return rows().some((cookie) => cookie.consentSolutionId === solutionId && cookie.id !== exceptId && cookieIdentity(cookie) === identity);
  };

  router.get(PATH, session, (req, res) => {
    const caller = getSession(req);
    sendList(ctx.store, req, res, `${COOKIES}:${caller.accountId}`, rows, {
      fields: LIST_FIELDS,
      scope: (row) => row.accountId === caller.accountId,
      matches: (row, needle) => row.name.toLowerCase().includes(needle),
    });
  });

  router.post(PATH, session, noQuery, writable, body, (req, res) => {
    const caller = getSession(req);
    const raw = req.body as Record<string, unknown>;
    const { consentSolutionId } = parseOrThrow(createSchema, raw);
    const solution = data.ownSolution(caller, String(consentSolutionId));
    const input = parseOrThrow(cookieInputSchema, raw);
    const languageViolations = purposeLanguageViolations(solution, input.purpose);
    if (languageViolations.length > 0) throw new ApiError(400, languageViolations);
    if (clash(solution.id, input)) throw new ApiError(409, [alreadyExists()]);

    const now = ctx.now().toISOString();
    const cookie: CookieRow = {
      id: ctx.store.nextId(COOKIES),
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
    rows().push(cookie);
    data.write();
    res.status(201).location(`${PATH}/${cookie.id}`).json(structuredClone(cookie));
  });

  router.all(PATH, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  router.get(ITEM, session, noQuery, (req, res) => {
    res.json(structuredClone(ownCookie(getSession(req), req.params.id)));
  });

  // PUT is PATCH here, as for domains: react-admin's json-server provider updates with PUT (its
  // updateMany too, with only the changed fields), so absent keys keep their stored value.
  const update: RequestHandler = (req, res) => {
    const row = ownCookie(getSession(req), req.params.id);
    const raw = req.body as Record<string, unknown>;
    const candidate: Record<string, unknown> = {
      name: row.name,
      domain: row.domain,
      category: row.category,
      purpose: row.purpose,
      expiryDays: row.expiryDays,
      dataProcessor: row.dataProcessor,
    };
    for (const key of EDITABLE_KEYS) if (Object.hasOwn(raw, key)) candidate[key] = raw[key];
    const next = parseOrThrow(cookieInputSchema, candidate);
    const languageViolations = purposeLanguageViolations(solutionOf(row), next.purpose);
    if (languageViolations.length > 0) throw new ApiError(400, languageViolations);
    if (clash(row.consentSolutionId, next, row.id)) throw new ApiError(409, [alreadyExists()]);
    Object.assign(row, next, { purpose: compactPurpose(next.purpose), updatedAt: ctx.now().toISOString() });
    data.write();
    res.json(structuredClone(row));
  };
  router.patch(ITEM, session, noQuery, ownWritable, body, update);
  router.put(ITEM, session, noQuery, ownWritable, body, update);

  router.delete(ITEM, session, noQuery, ownWritable, (req, res) => {
    const row = ownCookie(getSession(req), req.params.id);
    const all = rows();
    all.splice(all.indexOf(row), 1);
    data.write();
    res.status(204).end();
  });

  router.all(ITEM, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  /** CSV: the fixed columns, then one `purpose_<language>` column per solution language. */
  router.get(`${SOLUTION_COOKIES}/export`, session, noQuery, (req, res) => {
    const solution = data.ownSolution(getSession(req), req.params.id);
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
  router.post(`${SOLUTION_COOKIES}/import`, session, ownSolutionWritable, importBody, (req, res) => {
    const solution = data.ownSolution(getSession(req), req.params.id);
    const extra = Object.keys(req.query).find((key) => key !== 'dryRun');
    if (extra !== undefined) throw new ApiError(400, [apiViolation('error.backend.invalid_query', extra)]);
    const csv = parseImportCsv(req.body as string);
    if (!csv) throw new ApiError(400, [apiViolation('validation.import_format_invalid')]);
    const columnViolations = checkColumns(csv.columns, solution);
    if (columnViolations.length > 0) throw new ApiError(400, columnViolations);
    if (csv.rows.length === 0) throw new ApiError(400, [apiViolation('validation.import_empty')]);
    if (csv.rows.length > IMPORT_MAX_ROWS) throw new ApiError(400, [apiViolation('validation.import_too_many_rows')]);

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
      if (source && !source.success) violations.push(apiViolation('validation.cookie_source_invalid', at('source')));
      if (!parsed.success) {
        violations.push(...parsed.error.issues.map((issue) => apiViolation(issue.message, at(csvColumnOf(issue.path.map(String))))));
        return;
      }
      const identity = cookieIdentity(parsed.data);
      if (seen.has(identity)) {
        violations.push(apiViolation('validation.import_duplicate_row', at('name')));
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
      data.write();
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
    if (!columns.includes(required)) violations.push(apiViolation('validation.import_format_invalid', `columns.${required}`));
  }
  for (const column of columns) {
    const language = PURPOSE_COLUMN.exec(column)?.[1];
    if (language !== undefined) {
      if (!languages.has(language)) violations.push(apiViolation('validation.language_not_in_solution', `columns.${column}`));
    } else if (!known.has(column)) violations.push(apiViolation('validation.import_format_invalid', `columns.${column}`));
  }
  return violations;
};
