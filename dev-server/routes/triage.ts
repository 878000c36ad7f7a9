import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { cookieCategorySchema } from '../../src/schemas/cookie';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, methodNotAllowed, violation } from '../http/errors';
import { acceptFinding } from '../scanner/triage';
import { FINDINGS, type FindingRow } from '../scanner/types';
import type { CookieRow } from '../store/types';
import { ownSolution } from '../data/consentSolutions';
import { domainRows } from '../data/domains';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';
import { requirePermission } from '../guards/permissions';

/**
 * BEYOND-4 (docs/api.md "Scanner"): a consent solution's triage inbox. Each scan's findings
 * (new, gone, changed, set before consent) wait here until they are accepted into cookie
 * management (source `scanner`) or dismissed, many at a time.
 */

const idsSchema = z.object({
  ids: z
    .array(z.number({ error: 'validation.invalid_value' }).int().positive(), { error: 'validation.findings_required' })
    .min(1, { error: 'validation.findings_required' })
    .max(1000, { error: 'validation.invalid_value' }),
  category: cookieCategorySchema.optional(),
});

const STATUSES = new Set(['open', 'accepted', 'dismissed', 'all']);

const triageRoutes = (ctx: ServerContext): Router => {
  const findings = (): FindingRow[] => ctx.store.rows<FindingRow>(FINDINGS);
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  const ownSolutionWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    ownSolution(ctx.store, caller, req.params.id);
    requirePermission(caller, 'consentSolutions.write');
    next();
  };

  router.get('/consent-solutions/:id/triage', session, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const extra = Object.keys(req.query).find((key) => key !== 'status' && key !== 'domainId');
    if (extra !== undefined) throw new ApiError(400, [violation('error.backend.invalid_query', extra)]);
    const status = typeof req.query.status === 'string' ? req.query.status : 'open';
    if (!STATUSES.has(status)) throw new ApiError(400, [violation('validation.invalid_value', 'status')]);
    const domainId = typeof req.query.domainId === 'string' ? Number(req.query.domainId) : undefined;
    const domains = new Set(
      domainRows(ctx.store)
        .filter((d) => d.consentSolutionId === solution.id)
        .map((d) => d.id),
    );
    const rows = findings()
      // Findings of a domain removed since then are left out.
      .filter((f) => f.consentSolutionId === solution.id && (status === 'all' || f.status === status) && (domainId === undefined || f.domainId === domainId))
      .filter((f) => domains.has(f.domainId))
      .sort((a, b) => b.id - a.id);
    res.setHeader('X-Total-Count', rows.length);
    res.json(structuredClone(rows));
  });

  /** The open findings named by `ids`, all of them the solution's, or 400 naming the others. */
  const openFindings = (solutionId: number, ids: number[]): FindingRow[] => {
    const rows = findings();
    const violations = [];
    const picked: FindingRow[] = [];
    for (const [index, id] of ids.entries()) {
      const row = rows.find((f) => f.id === id && f.consentSolutionId === solutionId && f.status === 'open');
      if (row) picked.push(row);
      else violations.push(violation('validation.finding_unknown', `ids.${index}`));
    }
    if (violations.length > 0) throw new ApiError(400, violations);
    return picked;
  };

  router.post('/consent-solutions/:id/triage/accept', session, noQuery, ownSolutionWritable, body, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const input = parseOrThrow(idsSchema, req.body);
    const picked = openFindings(solution.id, [...new Set(input.ids)]);
    const cookies: CookieRow[] = [];
    for (const finding of picked) {
      const cookie = acceptFinding(ctx.store, ctx.now, finding, input.category);
      if (cookie && !cookies.includes(cookie)) cookies.push(cookie);
    }
    ctx.store.write();
    res.json({ accepted: picked.map((f) => f.id), cookies: structuredClone(cookies) });
  });

  router.post('/consent-solutions/:id/triage/dismiss', session, noQuery, ownSolutionWritable, body, (req, res) => {
    const solution = ownSolution(ctx.store, getSession(req), req.params.id);
    const input = parseOrThrow(idsSchema, req.body);
    const picked = openFindings(solution.id, [...new Set(input.ids)]);
    const stamp = ctx.now().toISOString();
    for (const finding of picked) Object.assign(finding, { status: 'dismissed', resolvedAt: stamp });
    ctx.store.write();
    res.json({ dismissed: picked.map((f) => f.id) });
  });

  for (const path of ['/consent-solutions/:id/triage', '/consent-solutions/:id/triage/accept', '/consent-solutions/:id/triage/dismiss']) {
    router.all(path, session, methodNotAllowed);
  }

  return router;
};

export const triageFeature: Feature = {
  name: 'triage',
  routes: (ctx) => [triageRoutes(ctx)],
};
