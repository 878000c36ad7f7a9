import { Router } from 'express';
import type { ServerContext } from '../context/context';

/** Dev-only helpers; createServer mounts them only when devMode is on (404 otherwise). */
export const devRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  router.get('/dev/outbox', (_req, res) => {
    res.json(ctx.outbox.list());
  });
  return router;
};
