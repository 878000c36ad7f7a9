import { Router, type RequestHandler } from 'express';
import { privacyStandardsSchema } from '../../src/schemas/privacyStandards';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { acceptBody } from '../http/bodyParsers';
import { methodNotAllowed } from '../http/errors';
import { ownSolution, standardsOf } from '../data/consentSolutions';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';
import { requirePermission } from '../guards/permissions';

/**
 * A consent solution's privacy standards (STD-1..STD-4): Google Consent Mode v2, GPC and the
 * rule per region. Read and replaced as one object, validated by the schema the admin's form
 * uses; they reach visitors with the next publish.
 */

const PATH = '/consent-solutions/:id/standards';

/** What a solution's banner follows: its saved standards, else the defaults. */
const privacyStandardsRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });

  /** 404 before 403 before the body is read. */
  const ownWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    ownSolution(ctx.store, caller, req.params.id);
    requirePermission(caller, 'consentSolutions.write');
    next();
  };

  router.get(PATH, session, noQuery, (req, res) => {
    res.json(standardsOf(ownSolution(ctx.store, getSession(req), req.params.id)));
  });

  router.put(PATH, session, noQuery, ownWritable, body, (req, res) => {
    const row = ownSolution(ctx.store, getSession(req), req.params.id);
    row.standards = parseOrThrow(privacyStandardsSchema, req.body);
    row.updatedAt = ctx.now().toISOString();
    ctx.store.write();
    res.json(standardsOf(row));
  });

  router.all(PATH, session, methodNotAllowed);

  return router;
};

export const privacyStandardsFeature: Feature = {
  name: 'privacy-standards',
  routes: (ctx) => [privacyStandardsRoutes(ctx)],
};
