import { Router } from 'express';
import { z } from 'zod';
import { COOKIE_CSV_FIXED_COLUMNS, cookieIdentity, cookieInputSchema, purposeColumn, type CookieData } from '../../src/schemas/cookie';
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
import { markDryRunAsRead } from '../audit/auditTrail';
import { dryRunOf, importBody } from '../http/importFile';
import { compactPurpose, importCookies } from '../rules/cookies';

/**
 * Cookies (docs/api.md "Cookies", ENT-7, ROUTE-18): a plain collection filtered by
 * `consentSolutionId`, like domains; CSV export and import are actions. Validation is the shared `cookieInputSchema`
 * (src/schemas/cookie.ts, also the app's forms); the collection's rules that need stored data
 * live here: purpose languages must be the solution's, and name + domain are unique within a
 * solution. The import's rules are rules/cookies.ts.
 */

const SOLUTION_COOKIES = '/consent-solutions/:id/cookies';

/** BEYOND-7: an import previewed with `?dryRun=true` changes nothing, so it is no entry of the audit log. */
const previewIsRead = markDryRunAsRead((req) => dryRunOf(req.query));

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
const purposeLanguageViolations = (
  solution: ConsentSolutionRow,
  purpose: CookieData['purpose'],
  pathOf = (language: string) => `purpose.${language}`,
): Violation[] => {
  const allowed = new Set<string>(solutionLanguages(solution));
  return Object.keys(purpose)
    .filter((language) => !allowed.has(language))
    .map((language) => violation('validation.language_not_in_solution', pathOf(language)));
};

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

  /** CSV import, previewed with `?dryRun=true`: all rows or none (rules/cookies.ts). */
  router.post(`${SOLUTION_COOKIES}/import`, session, ownSolutionRow, permit('consentSolutions.write'), previewIsRead, importBody, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const extra = Object.keys(req.query).find((key) => key !== 'dryRun');
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    const csv = parseImportCsv(req.body as string);
    if (!csv) throw new ApiError(400, [violation('validation.import_format_invalid')]);
    res.json(importCookies(ctx, solution, csv, dryRunOf(req.query)));
  });

  return router;
};

export const cookiesFeature: Feature = {
  name: 'cookies',
  routes: (ctx, { bridge }) => [collectionRoutes(ctx, bridge, cookieCollection(ctx)), cookieActions(ctx)],
};
