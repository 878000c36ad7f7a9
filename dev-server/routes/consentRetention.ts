import { Router } from 'express';
import { z } from 'zod';
import { getSession, requireSession } from '../auth/session';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '../consent-log/consentLog';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { permit } from '../guards/permissions';
import { acceptBody } from '../http/bodyParsers';
import { asyncHandler, methodNotAllowed } from '../http/errors';
import { noQuery } from '../http/query';
import { parseOrThrow } from '../http/validation';

/**
 * LOG-4: how long the account keeps its consent records, `GET`/`PUT /consent-retention`
 * `{ days }` (default five years). The scheduled purge (dev-server/consent-log/retention.ts)
 * deletes the records received before that.
 */

const PATH = '/consent-retention';
const bodySchema = z.object({ days: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS) }).strict();

const consentRetentionRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const answer = async (accountId: number) => ({
    days: await ctx.consentLog.retentionDays(accountId),
    defaultDays: DEFAULT_RETENTION_DAYS,
    minDays: MIN_RETENTION_DAYS,
    maxDays: MAX_RETENTION_DAYS,
  });

  router.get(
    PATH,
    session,
    permit('account.read'),
    noQuery,
    asyncHandler(async (req, res) => {
      res.json(await answer(getSession(req).accountId));
    }),
  );
  router.put(
    PATH,
    session,
    permit('account.edit'),
    noQuery,
    acceptBody({ json: true }),
    asyncHandler(async (req, res) => {
      const { accountId } = getSession(req);
      const { days } = parseOrThrow(bodySchema, req.body);
      await ctx.consentLog.setRetentionDays(accountId, days);
      res.json(await answer(accountId));
    }),
  );
  router.all(PATH, session, methodNotAllowed);
  return router;
};

export const consentRetentionFeature: Feature = {
  name: 'consent-retention',
  routes: (ctx) => [consentRetentionRoutes(ctx)],
};
