import { Router } from 'express';
import { requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, asyncHandler, violation } from '../http/errors';
import type { Scanner } from '../scanner/scanner';
import { isCanonicalDomain } from '../../src/schemas/domain';

/**
 * SCAN-6: a new domain whose name resolves to an internal address (loopback, private,
 * link-local, unique-local, metadata) is refused before it is created, with a message on the
 * field: the scanner would never crawl it. Mounted before the domain and solution collections;
 * the schema (which runs after) refuses IP addresses and names without a public suffix.
 */
export const domainAddressGuard = (
  ctx: ServerContext,
  scanner: Scanner,
  path: string,
  field: (body: Record<string, unknown>) => unknown,
  propertyPath: string,
): Router => {
  const router = Router();
  router.post(
    path,
    requireSession(ctx.store, ctx.now),
    acceptBody({ json: true }),
    asyncHandler(async (req, _res, next) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const domain = field(body);
      // Only a name the schema accepts is resolved; anything else gets the schema's own message next.
      if (typeof domain === 'string' && isCanonicalDomain(domain)) {
        const address = await scanner.internalAddress(domain);
        if (address !== null) throw new ApiError(400, [violation('validation.domain_internal_address', propertyPath)]);
      }
      next();
    }),
  );
  return router;
};
