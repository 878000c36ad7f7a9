import { Router } from 'express';
import { z } from 'zod';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, violation } from '../http/errors';

/** The outbox: the emails the dev API would have sent (recovery, invitations). */
const outboxRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  router.get('/dev/outbox', (_req, res) => {
    res.json(ctx.outbox.list());
  });
  return router;
};

const clockBody = z.union([
  z.object({ advanceDays: z.number({ error: 'validation.advance_days_invalid' }).finite().min(-3650).max(3650) }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);

/** GET and POST /dev/clock: the server's time, moved forward or back by whole days, or reset. */
const devClockRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const state = () => ({ now: ctx.now().toISOString(), offsetDays: ctx.clock.offsetMs() / 86_400_000 });
  router.get('/dev/clock', (_req, res) => {
    res.json(state());
  });
  router.post('/dev/clock', acceptBody({ json: true }), (req, res) => {
    const parsed = clockBody.safeParse(req.body);
    if (!parsed.success) throw new ApiError(400, [violation('validation.advance_days_invalid', 'advanceDays')]);
    if ('reset' in parsed.data) ctx.clock.reset();
    else ctx.clock.advanceDays(parsed.data.advanceDays);
    res.json(state());
  });
  return router;
};

/** Dev-only helpers, mounted only when devMode is on (404 otherwise); /dev/* answers only this machine (SEC-4). */
export const devFeature: Feature = {
  name: 'dev',
  routes: (ctx) => (ctx.devMode ? [outboxRoutes(ctx), devClockRoutes(ctx)] : []),
};
