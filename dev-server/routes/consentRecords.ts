import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import express, { Router, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { getSession, requireSession } from '../auth/session';
import {
  ANONYMOUS_ID,
  isSolutionHost,
  originHostname,
  recordInputSchema,
  sharingSolutionIds,
  toApiRecord,
  type ConsentRecordRow,
} from '../consent-log/consentRecord';
import type { RecordRateLimits, ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { consentSolutionNotFound, consentSolutionRows } from '../data/consentSolutions';
import { permit } from '../guards/permissions';
import { BODY_LIMIT_BYTES } from '../http/bodyParsers';
import { toCsv, toCsvRows } from '../http/csv';
import { ApiError, asyncHandler, methodNotAllowed, violation } from '../http/errors';
import { noQuery } from '../http/query';
import { publishedBannerOf, recordViolations } from '../rules/consentRecordChecks';
import { parseOrThrow } from '../http/validation';

/**
 * Consent records (docs/api.md "Consent records and reports", CONST-2, BEYOND-9).
 *
 * Public, called by the banner script on customers' sites: `POST /consent/{csId}/records` and
 * `GET /consent/{csId}/shared`. CORS for any origin (no credentials), but only a request whose
 * Origin host name is one of the solution's domains is accepted (403 otherwise); rate-limited
 * per IP and per solution (LOG-2). Mounted before the app's CORS middleware, which would answer
 * their preflight itself. Records go to the consent log (dev-server/consent-log), acknowledged
 * only once committed.
 *
 * Private: `GET /consent-records` (list), `GET /consent-records/export` (all matching records,
 * streamed as CSV or JSON Lines), `GET /consent-records/{id}` and `GET /consent-records/{id}/export`
 * (proof of consent), own account only.
 */

const RECORDS_PER_MINUTE = 120;
/** One solution's sites together: a busy shop's visitors, well above, a flood below what the log takes. */
const SOLUTION_RECORDS_PER_MINUTE = 120_000;

const parseCsId = (param: string | undefined): number | undefined => (param !== undefined && /^\d{1,15}$/.test(param) ? Number(param) : undefined);

const publicCors: RequestHandler = (_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const preflight: RequestHandler = (_req, res) => {
  res.status(204).end();
};

/** The body as JSON whatever its declared type (the script sends text/plain to avoid a preflight). */
const readJson = express.text({ type: () => true, limit: BODY_LIMIT_BYTES });
const jsonObject = (text: unknown): unknown => {
  if (typeof text !== 'string' || text.trim() === '') throw new ApiError(400, [violation('error.backend.empty_or_malformed_body')]);
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value;
  } catch {
    throw new ApiError(400, [violation('error.backend.empty_or_malformed_body')]);
  }
};

const forbiddenOrigin = (): ApiError => new ApiError(403, [violation('error.backend.origin_not_allowed')]);

const tooMany: RequestHandler = (_req, _res, next) => next(new ApiError(429, [violation('error.backend.too_many_requests')]));

const consentRecordPublicRoutes = (ctx: ServerContext, limits: RecordRateLimits = {}): Router => {
  const router = Router();
  const perAddress = rateLimit({
    windowMs: 60_000,
    limit: limits.perAddress ?? RECORDS_PER_MINUTE,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: tooMany,
  });
  const perSolution = rateLimit({
    windowMs: 60_000,
    limit: limits.perSolution ?? SOLUTION_RECORDS_PER_MINUTE,
    standardHeaders: false,
    legacyHeaders: false,
    // DEPLOY-5: one budget per solution, however its id is written (`/consent/2/`, `/consent/002/`).
    keyGenerator: (req) => `solution:${parseCsId(req.params.csId) ?? 'none'}`,
    handler: tooMany,
  });
  const limiter = [perAddress, perSolution];

  /** The solution named in the URL, checked against the request's Origin. */
  const solutionFor = (csParam: string | undefined, origin: string | undefined) => {
    const id = parseCsId(csParam);
    const solution = id === undefined ? undefined : consentSolutionRows(ctx.store).find((s) => s.id === id);
    if (!solution) throw new ApiError(404, [violation('error.backend.consent_solution_not_found')]);
    const host = originHostname(origin);
    if (host === null || !isSolutionHost(ctx.store, solution.id, host)) throw forbiddenOrigin();
    return { solution, host };
  };

  router.options('/consent/:csId/records', publicCors, preflight);
  router.options('/consent/:csId/shared', publicCors, preflight);

  router.post(
    '/consent/:csId/records',
    publicCors,
    limiter,
    readJson,
    asyncHandler(async (req, res: Response) => {
      const { solution, host } = solutionFor(req.params.csId, req.headers.origin);
      const input = parseOrThrow(recordInputSchema, jsonObject(req.body));
      const refused = recordViolations(publishedBannerOf(ctx.store, solution.id), input);
      if (refused.length > 0) throw new ApiError(400, refused);
      const now = ctx.now();
      // The browser's clock, but never in the future nor more than a day old.
      const decided = input.decidedAt === undefined ? now : new Date(input.decidedAt);
      const decidedAt = decided > now || now.getTime() - decided.getTime() > 86_400_000 ? now : decided;
      const categories = ['necessary', ...input.categories.filter((c) => c !== 'necessary')];
      const row: ConsentRecordRow = {
        id: randomUUID(),
        accountId: solution.accountId,
        consentSolutionId: solution.id,
        anonymousId: input.anonymousId,
        action: input.action,
        categories: [...new Set(categories)],
        consentVersion: input.consentVersion,
        decidedAt: decidedAt.toISOString(),
        receivedAt: now.toISOString(),
        domain: host,
        language: input.language ?? null,
        tcString: input.tcString ?? null,
        gpc: input.gpc,
        regionRule: input.regionRule,
        change: input.change,
        replaces: input.replaces ?? null,
        gppString: input.gppString ?? null,
        gppSid: input.gppSid ?? null,
        acString: input.acString ?? null,
      };
      // LOG-2: answered only once the batch holding it has committed.
      await ctx.consentLog.append(row);
      res.status(201).json({ id: row.id, receivedAt: row.receivedAt });
    }),
  );

  router.get(
    '/consent/:csId/shared',
    publicCors,
    limiter,
    asyncHandler(async (req, res) => {
      const { solution } = solutionFor(req.params.csId, req.headers.origin);
      const [extra] = Object.keys(req.query).filter((k) => k !== 'anonymousId');
      if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
      const anonymousId = typeof req.query.anonymousId === 'string' ? req.query.anonymousId : '';
      if (!ANONYMOUS_ID.test(anonymousId)) throw new ApiError(400, [violation('validation.invalid_value', 'anonymousId')]);
      const found = solution.sharedConsent
        ? await ctx.consentLog.sharedDecision(sharingSolutionIds(ctx.store, solution), anonymousId, solution.consentVersionAt)
        : null;
      res.json({
        consent: found && { categories: [...found.categories], decidedAt: found.decidedAt, consentSolutionId: found.consentSolutionId },
      });
    }),
  );

  router.all('/consent/:csId/records', publicCors, methodNotAllowed);
  router.all('/consent/:csId/shared', publicCors, methodNotAllowed);

  return router;
};

/**
 * LOG-3: `GET /consent-records/export?format=csv|jsonl&consentSolutionId&from&to` — every record
 * of the account (or of one solution) received in the days [from, to], oldest first, streamed a
 * page at a time with the socket's back-pressure: memory stays flat whatever the size. CSV cells
 * that a spreadsheet would run as formulas are neutralised as in the other exports (SEC-6).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** No record is older than the Unix epoch nor newer than this: outside them a bound is no bound. */
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '9999-12-31';
const day = z
  .string()
  .regex(DAY, { error: 'validation.datetime_invalid' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'validation.datetime_invalid',
  });

const querySchema = z
  .object({
    format: z.enum(['csv', 'jsonl'], { error: 'validation.invalid_value' }).default('csv'),
    consentSolutionId: z
      .string()
      .regex(/^\d{1,15}$/, { error: 'validation.invalid_value' })
      .transform(Number)
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { error: 'validation.date_range_invalid', path: ['from'] });

const EXPORT_COLUMNS = [
  'id',
  'consentSolutionId',
  'consentSolutionName',
  'domain',
  'decidedAt',
  'receivedAt',
  'action',
  'categories',
  'consentVersion',
  'anonymousId',
  'language',
  'gpc',
  'regionRule',
  'tcString',
  'change',
  'replaces',
  'gppString',
  'gppSid',
  'acString',
];

const write = async (res: Response, chunk: string): Promise<void> => {
  if (chunk !== '' && !res.write(chunk)) await once(res, 'drain');
};

const exportRoute = (ctx: ServerContext, solutionName: (id: number) => string | null): RequestHandler =>
  asyncHandler(async (req, res) => {
    const caller = getSession(req);
    const query = parseOrThrow(querySchema, req.query);
    const solutionId = query.consentSolutionId ?? null;
    if (solutionId !== null && !consentSolutionRows(ctx.store).some((s) => s.id === solutionId && s.accountId === caller.accountId))
      throw consentSolutionNotFound();
    // DEPLOY-5: days outside what the log can hold mean no bound (year 0 is no PostgreSQL date, and the day after 9999-12-31 none at all).
    const from = query.from === undefined || query.from < FIRST_DAY ? '-infinity' : `${query.from}T00:00:00.000Z`;
    // A `to` before the epoch keeps nothing: it ends where the log begins.
    const to =
      query.to === undefined || query.to >= LAST_DAY
        ? 'infinity'
        : query.to < FIRST_DAY
          ? `${FIRST_DAY}T00:00:00.000Z`
          : new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString();
    const pages = ctx.consentLog.pages({ accountId: caller.accountId, consentSolutionId: solutionId, from, to });

    res.status(200);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="consent-records.${query.format}"`);
    res.type(query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
    let closed = false;
    res.once('close', () => {
      closed = true;
    });
    try {
      if (query.format === 'csv') await write(res, `${toCsv(EXPORT_COLUMNS, [])}\n`);
      for await (const page of pages) {
        if (closed) break;
        const records = page.map((row) => toApiRecord(row, solutionName(row.consentSolutionId)));
        await write(
          res,
          query.format === 'csv'
            ? toCsvRows(
                EXPORT_COLUMNS,
                records.map((r) => ({
                  ...r,
                  categories: r.categories.join(' '),
                  gpc: String(r.gpc),
                  change: String(r.change),
                  gppSid: r.gppSid?.join(' ') ?? null,
                })),
              )
            : records.map((r) => `${JSON.stringify(r)}\n`).join(''),
        );
      }
      res.end();
    } catch (error) {
      // Headers are gone: a cut-off file must not look complete.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      await pages.return(undefined);
    }
  });

/** Newest first; `q` matches the record id, the anonymous id or the domain. */
const number = (max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, { error: 'validation.invalid_value' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error: 'validation.invalid_value' });
const listQuerySchema = z
  .object({
    consentSolutionId: number(Number.MAX_SAFE_INTEGER).optional(),
    // PostgreSQL text holds no NUL: a search for one is bad input (400), not a failed query (DEPLOY-5).
    q: z
      .string()
      .max(100)
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: 'validation.control_characters' })
      .optional(),
    _page: number(100_000).optional(),
    _limit: number(100).optional(),
  })
  .strict();

const consentRecordRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const guard = permit('consentSolutions.read');

  const solutionName = (id: number): string | null => consentSolutionRows(ctx.store).find((s) => s.id === id)?.name ?? null;
  const ownRecord = async (accountId: number, idParam: string | undefined): Promise<ConsentRecordRow> => {
    const row = await ctx.consentLog.find(accountId, idParam ?? '');
    if (!row) throw new ApiError(404, [violation('error.backend.consent_record_not_found')]);
    return row;
  };

  router.get(
    '/consent-records',
    session,
    guard,
    asyncHandler(async (req, res) => {
      const caller = getSession(req);
      const query = parseOrThrow(listQuerySchema, req.query);
      const limit = query._limit ?? 25;
      const { total, rows } = await ctx.consentLog.list({
        accountId: caller.accountId,
        consentSolutionId: query.consentSolutionId,
        q: query.q,
        limit,
        offset: ((query._page ?? 1) - 1) * limit,
      });
      res.setHeader('X-Total-Count', total);
      res.json(rows.map((row) => toApiRecord(row, solutionName(row.consentSolutionId))));
    }),
  );

  router.get('/consent-records/export', session, guard, exportRoute(ctx, solutionName));

  router.get(
    '/consent-records/:id',
    session,
    guard,
    noQuery,
    asyncHandler(async (req, res) => {
      const row = await ownRecord(getSession(req).accountId, req.params.id);
      res.json(toApiRecord(row, solutionName(row.consentSolutionId)));
    }),
  );

  router.get(
    '/consent-records/:id/export',
    session,
    guard,
    noQuery,
    asyncHandler(async (req, res) => {
      const row = await ownRecord(getSession(req).accountId, req.params.id);
      const proof = { ...toApiRecord(row, solutionName(row.consentSolutionId)), exportedAt: ctx.now().toISOString() };
      res.setHeader('Content-Disposition', `attachment; filename="consent-record-${String(row.id).replace(/[^A-Za-z0-9-]/g, '')}.json"`);
      res.type('application/json').send(JSON.stringify(proof, null, 2));
    }),
  );

  for (const path of ['/consent-records', '/consent-records/export', '/consent-records/:id', '/consent-records/:id/export']) {
    router.all(path, session, methodNotAllowed);
  }

  return router;
};

/** The public endpoints come before the app's CORS, which would answer their preflight itself. */
export const consentRecordsFeature: Feature = {
  name: 'consent-records',
  crossOrigin: (ctx) => [consentRecordPublicRoutes(ctx, ctx.consentRecordLimits)],
  routes: (ctx) => [consentRecordRoutes(ctx)],
};
