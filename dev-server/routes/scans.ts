import { Router } from 'express';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { ApiError, asyncHandler, methodNotAllowed, violation } from '../http/errors';
import { scannerUnavailable, type Scanner } from '../scanner/scanner';
import { ownSolution } from '../data/consentSolutions';
import { domainIdsOf, ownDomain } from '../data/domains';
import { isDomainVerified } from '../data/domainVerification';
import { noQuery } from '../http/query';
import { permit } from '../guards/permissions';
import { owned } from '../guards/ownership';

/**
 * BEYOND-4 / ENT-1 / SCAN-7 (docs/api.md "Scanner"): scans of a domain on demand, their live
 * progress, results and cancel. Ownership first (404), then the role (403), then the scanner's
 * availability (503).
 */

const scanRoutes = (ctx: ServerContext, scanner: Scanner): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const ownWritable = [owned((caller, id) => ownDomain(ctx.store, caller, id)), permit('domains.write')] as const;

  router.get(
    '/scanner/status',
    session,
    noQuery,
    asyncHandler(async (_req, res) => {
      res.json(await scanner.status());
    }),
  );

  router.post(
    '/domains/:id/scans',
    session,
    noQuery,
    ...ownWritable,
    asyncHandler(async (req, res) => {
      const domain = ownDomain(ctx.store, getSession(req), req.params.id);
      // DEPLOY-4: only a domain whose owner proved control is crawled (and billed).
      if (!isDomainVerified(domain)) throw new ApiError(409, [violation('error.backend.domain_not_verified')]);
      if (!(await scanner.available())) throw scannerUnavailable();
      const scan = scanner.enqueueScan(domain, 'manual');
      if (!scan) throw new ApiError(409, [violation('error.backend.scan_in_progress')]);
      res.status(202).location(`/domains/${domain.id}/scans/latest`).json(structuredClone(scan));
    }),
  );

  // SCAN-7: stops the domain's waiting or running scan; a running one keeps what it found (partial).
  router.post(
    '/domains/:id/scans/cancel',
    session,
    noQuery,
    ...ownWritable,
    asyncHandler(async (req, res) => {
      const domain = ownDomain(ctx.store, getSession(req), req.params.id);
      const scan = await scanner.cancelScan(domain.id);
      if (!scan) throw new ApiError(409, [violation('error.backend.no_scan_to_cancel')]);
      res.status(202).location(`/domains/${domain.id}/scans/latest`).json(scan);
    }),
  );

  router.get(
    '/domains/:id/scans',
    session,
    noQuery,
    asyncHandler(async (req, res) => {
      const domain = ownDomain(ctx.store, getSession(req), req.params.id);
      const rows = scanner.scansOf(domain.id);
      res.setHeader('X-Total-Count', rows.length);
      res.json(await scanner.live(rows.slice(0, 50)));
    }),
  );

  // null (200) until the domain's first scan: "never scanned" is a state, not a missing resource.
  router.get(
    '/domains/:id/scans/latest',
    session,
    noQuery,
    asyncHandler(async (req, res) => {
      const domain = ownDomain(ctx.store, getSession(req), req.params.id);
      res.json((await scanner.latestOf('scan', [domain.id]))[0] ?? null);
    }),
  );

  // The latest scan of each of the solution's domains (one request for the domain list's poll).
  router.get(
    '/consent-solutions/:id/scans',
    session,
    noQuery,
    asyncHandler(async (req, res) => {
      const solution = ownSolution(ctx.store, getSession(req), req.params.id);
      res.json(await scanner.latestOf('scan', domainIdsOf(ctx.store, solution.id)));
    }),
  );

  for (const path of ['/scanner/status', '/domains/:id/scans', '/domains/:id/scans/cancel', '/domains/:id/scans/latest', '/consent-solutions/:id/scans']) {
    router.all(path, session, methodNotAllowed);
  }

  return router;
};

export const scansFeature: Feature = {
  name: 'scans',
  routes: (ctx, { scanner }) => [scanRoutes(ctx, scanner)],
};
