import { Router, type RequestHandler } from 'express';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context';
import { ApiError } from '../http/errors';
import type { Scanner } from '../scanner/scanner';
import { apiViolation, consentData, noQuery, requireWrite } from './consentData';

/**
 * BEYOND-4 / ENT-1 (docs/api.md "Scanner"): scans of a domain on demand, their progress and
 * results. Ownership first (404), then the role (403), then the scanner's availability (503).
 */

export const scannerUnavailable = (): ApiError => new ApiError(503, [apiViolation('error.backend.scanner_unavailable')]);

export const scanRoutes = (ctx: ServerContext, scanner: Scanner): Router => {
  const router = Router();
  const data = consentData(ctx.store);
  const session = requireSession(ctx.store, ctx.now);
  const ownWritable: RequestHandler = (req, _res, next) => {
    const caller = getSession(req);
    data.ownDomain(caller, req.params.id);
    requireWrite(caller);
    next();
  };

  router.get('/scanner/status', session, noQuery, (_req, res) => {
    res.json(scanner.status());
  });

  router.post('/domains/:id/scans', session, noQuery, ownWritable, (req, res) => {
    const domain = data.ownDomain(getSession(req), req.params.id);
    if (!scanner.available()) throw scannerUnavailable();
    const scan = scanner.enqueueScan(domain, 'manual');
    if (!scan) throw new ApiError(409, [apiViolation('error.backend.scan_in_progress')]);
    res.status(202).location(`/domains/${domain.id}/scans/latest`).json(structuredClone(scan));
  });

  router.get('/domains/:id/scans', session, noQuery, (req, res) => {
    const domain = data.ownDomain(getSession(req), req.params.id);
    const rows = scanner.scansOf(domain.id);
    res.setHeader('X-Total-Count', rows.length);
    res.json(structuredClone(rows.slice(0, 50)));
  });

  // null (200) until the domain's first scan: "never scanned" is a state, not a missing resource.
  router.get('/domains/:id/scans/latest', session, noQuery, (req, res) => {
    const domain = data.ownDomain(getSession(req), req.params.id);
    res.json(structuredClone(scanner.latestScan(domain.id)));
  });

  // The latest scan of each of the solution's domains (one request for the domain list's poll).
  router.get('/consent-solutions/:id/scans', session, noQuery, (req, res) => {
    const solution = data.ownSolution(getSession(req), req.params.id);
    const rows = data
      .domains()
      .filter((d) => d.consentSolutionId === solution.id)
      .map((d) => scanner.latestScan(d.id))
      .filter((scan) => scan !== null);
    res.json(structuredClone(rows));
  });

  for (const path of ['/scanner/status', '/domains/:id/scans', '/domains/:id/scans/latest', '/consent-solutions/:id/scans']) {
    router.all(path, session, () => {
      throw new ApiError(405, 'error.backend.method_not_allowed');
    });
  }

  return router;
};
