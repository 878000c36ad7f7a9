import { Router } from 'express';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { ApiError, asyncHandler, methodNotAllowed, violation } from '../http/errors';
import { scannerUnavailable, type Scanner } from '../scanner/scanner';
import { ownSolution } from '../data/consentSolutions';
import { domainIdsOf, ownDomain } from '../data/domains';
import { noQuery } from '../http/query';
import { permit } from '../guards/permissions';
import { owned } from '../guards/ownership';

/**
 * BEYOND-8 (docs/api.md "Scanner"): the installation health check of a domain, run by the
 * scanner: banner script present, loaded first, banner shown, no non-essential cookie before
 * consent.
 */
const healthCheckRoutes = (ctx: ServerContext, scanner: Scanner): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const ownWritable = [owned((caller, id) => ownDomain(ctx.store, caller, id)), permit('domains.write')] as const;

  router.post(
    '/domains/:id/health-check',
    session,
    noQuery,
    ...ownWritable,
    asyncHandler(async (req, res) => {
      const domain = ownDomain(ctx.store, getSession(req), req.params.id);
      if (!(await scanner.available())) throw scannerUnavailable();
      const check = scanner.enqueueHealthCheck(domain);
      if (!check) throw new ApiError(409, [violation('error.backend.health_check_in_progress')]);
      res.status(202).location(`/domains/${domain.id}/health-check`).json(structuredClone(check));
    }),
  );

  // The latest check, or null (200) before the first one.
  router.get(
    '/domains/:id/health-check',
    session,
    noQuery,
    asyncHandler(async (req, res) => {
      const domain = ownDomain(ctx.store, getSession(req), req.params.id);
      res.json((await scanner.latestOf('health', [domain.id]))[0] ?? null);
    }),
  );

  router.get(
    '/consent-solutions/:id/health-checks',
    session,
    noQuery,
    asyncHandler(async (req, res) => {
      const solution = ownSolution(ctx.store, getSession(req), req.params.id);
      res.json(await scanner.latestOf('health', domainIdsOf(ctx.store, solution.id)));
    }),
  );

  for (const path of ['/domains/:id/health-check', '/consent-solutions/:id/health-checks']) {
    router.all(path, session, methodNotAllowed);
  }

  return router;
};

export const healthChecksFeature: Feature = {
  name: 'health-checks',
  routes: (ctx, { scanner }) => [healthCheckRoutes(ctx, scanner)],
};
