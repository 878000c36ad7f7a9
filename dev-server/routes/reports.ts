import { Router } from 'express';
import { z } from 'zod';
import { getSession, requireSession } from '../auth/session';
import { complianceReport, onboardingState } from '../reports/complianceReport';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { permit } from '../guards/permissions';
import { ApiError, asyncHandler, methodNotAllowed, violation } from '../http/errors';
import { consentSolutionRows, consentSolutionNotFound } from '../data/consentSolutions';
import { noQuery } from '../http/query';
import type { Scanner } from '../scanner/scanner';
import { parseOrThrow } from '../http/validation';

/**
 * Reports (docs/api.md "Consent records and reports", ROUTE-6, BEYOND-3, ROUTE-5):
 * - `GET /reports/embed` → `{ url }`: the account's report source, which the dashboard loads;
 * - `GET /reports/compliance?consentSolutionId&from&to` → the report data;
 * - `GET /reports/onboarding?consentSolutionId` → what the first-run guide ticks, for one solution.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 731;
const DEFAULT_DAYS = 90;

const onboardingQuerySchema = z
  .object({
    consentSolutionId: z
      .string()
      .regex(/^\d{1,15}$/, { error: 'validation.invalid_value' })
      .transform(Number)
      .optional(),
  })
  .strict();

const querySchema = z
  .object({
    consentSolutionId: z
      .string()
      .regex(/^\d{1,15}$/, { error: 'validation.invalid_value' })
      .transform(Number)
      .optional(),
    from: z.string().regex(DAY, { error: 'validation.datetime_invalid' }).optional(),
    to: z.string().regex(DAY, { error: 'validation.datetime_invalid' }).optional(),
  })
  .strict();

/**
 * A real calendar day the report can walk to and past: from the Unix epoch (no record is older) to
 * the day before 9999-12-31, whose next day has no four-digit year (DEPLOY-5: `to=9999-12-31` once
 * looped for ever, since `+010000-01` sorts before it).
 */
const validDay = (day: string): boolean =>
  day >= '1970-01-01' && day < '9999-12-31' && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

const reportRoutes = (ctx: ServerContext, scanner: Scanner): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const guard = permit('reports.read');

  router.get('/reports/embed', session, guard, noQuery, (req, res) => {
    const caller = getSession(req);
    res.json({ accountId: caller.accountId, url: `/reports/compliance` });
  });

  router.get(
    '/reports/compliance',
    session,
    guard,
    asyncHandler(async (req, res) => {
      const caller = getSession(req);
      const [unknown] = Object.keys(req.query).filter((k) => !['consentSolutionId', 'from', 'to'].includes(k));
      if (unknown !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', unknown)]);
      const query = parseOrThrow(querySchema, req.query);
      const today = ctx.now().toISOString().slice(0, 10);
      const to = query.to ?? today;
      const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      if (!validDay(from)) throw new ApiError(400, [violation('validation.datetime_invalid', 'from')]);
      if (!validDay(to)) throw new ApiError(400, [violation('validation.datetime_invalid', 'to')]);
      const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (span < 0 || span >= MAX_DAYS) throw new ApiError(400, [violation('validation.date_range_invalid', 'from')]);
      const solutionId = query.consentSolutionId ?? null;
      if (solutionId !== null && !consentSolutionRows(ctx.store).some((s) => s.id === solutionId && s.accountId === caller.accountId))
        throw consentSolutionNotFound();
      res.json(await complianceReport(ctx.store, ctx.consentLog, { accountId: caller.accountId, consentSolutionId: solutionId, from, to }));
    }),
  );

  router.get(
    '/reports/onboarding',
    session,
    permit('consentSolutions.read'),
    asyncHandler(async (req, res) => {
      const caller = getSession(req);
      const { consentSolutionId = null } = parseOrThrow(onboardingQuerySchema, req.query);
      if (consentSolutionId !== null && !consentSolutionRows(ctx.store).some((s) => s.id === consentSolutionId && s.accountId === caller.accountId))
        throw consentSolutionNotFound();
      const scriptFound = (domainId: number): boolean => scanner.latestHealthCheck(domainId)?.scriptPresent === true;
      res.json(await onboardingState(ctx.store, ctx.consentLog, caller.accountId, { consentSolutionId, scriptFound }));
    }),
  );

  for (const path of ['/reports/embed', '/reports/compliance', '/reports/onboarding']) {
    router.all(path, session, methodNotAllowed);
  }

  return router;
};

export const reportsFeature: Feature = {
  name: 'reports',
  routes: (ctx, { scanner }) => [reportRoutes(ctx, scanner)],
};
