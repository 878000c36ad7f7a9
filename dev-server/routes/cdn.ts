import { Router } from 'express';
import { readBannerRuntime } from '../../banner/build/buildBanner';
import { readScript } from '../banner/cdnFiles';
import { templateData } from '../banner/templateData';
import type { ServerContext } from '../context';
import { ApiError, violation } from '../http/errors';

/**
 * The public CDN path of a published banner (docs/api.md "Installation"): no session, no
 * cookies, loadable from any site. The path stays the same across publishes, so caches keep it
 * only briefly and revalidate by ETag (the script's SHA-256).
 */
export const CDN_CACHE_CONTROL = 'public, max-age=60, must-revalidate';

export const cdnRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const data = templateData(ctx.store);

  router.get('/cdn/:csId/banner.js', (req, res) => {
    // Customers' sites load it cross-origin, without credentials.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
    const settings = id === undefined ? undefined : data.settingsOf(id);
    const publication = data.publications().find((p) => p.id === settings?.publishedPublicationId);
    const script = publication && readScript(ctx.store.file, publication.consentSolutionId, publication.file);
    if (!publication || !script) throw new ApiError(404, [violation('error.backend.not_published')]);
    const etag = `"${publication.sha256}"`;
    res.setHeader('Cache-Control', CDN_CACHE_CONTROL);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', new Date(publication.publishedAt).toUTCString());
    res.setHeader('X-Banner-Version', String(publication.version));
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.type('text/javascript; charset=utf-8').send(script);
  });

  /** TCF-1: the IAB stub, for the script tag that must come before every other one when TCF is on. */
  router.get('/cdn/tcf-stub.js', (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('text/javascript; charset=utf-8').send(readBannerRuntime('tcfStub'));
  });

  router.all('/cdn/:csId/banner.js', () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  return router;
};
