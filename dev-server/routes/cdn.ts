import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Router, type Request, type Response } from 'express';
import { readBannerRuntime } from '../../banner/build/buildBanner';
import { withVisitor } from '../../banner/publish/composeBannerScript';
import { acceptedLanguage } from '../cdn/acceptLanguage';
import { loaderFileScript } from '../../banner/publish/loaderFile';
import { readScript } from '../cdn/cdnFiles';
import { templateData } from '../cdn/templateData';
import { headerState, visitorCountry, visitorFor } from '../cdn/visitorRegion';
import { clientAddress, fromTrustedProxy } from '../guards/trustedProxies';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { ApiError, methodNotAllowed, violation } from '../http/errors';
import { consentSolutionRows as solutionRows, standardsOf } from '../data/consentSolutions';
import { tcfListUpdate } from '../tcf/tcfBundle';

/**
 * The public CDN path of a published banner (docs/api.md "Installation"): no session, no
 * cookies, loadable from any site. The path stays the same across publishes, so caches keep it
 * only briefly and revalidate by ETag (the script's SHA-256, and the visitor's region and rule).
 * With regional rules on (STD-4) the script carries the rule of the visitor's region, from the
 * country header of a trusted proxy (DEPLOY-2) or the address: such a script is private to the
 * visitor's browser, since a shared cache that ignores Vary would hand one visitor's region to all.
 * Served gzip or brotli when the browser takes them (STD-8). The script is the banner's core
 * (STD-8), which loads the UI of the visitor's language from `ui/{version}.{language}.js`.
 */
const CDN_CACHE_CONTROL = 'public, max-age=60, must-revalidate';
/** STD-8: a UI file's URL names its publication's version: it never changes. */
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE_CONTROL = 'private, max-age=60, must-revalidate';
/**
 * PROMISE-5: the snippet's `loader.js` blocks the page while it loads, by design: a returning
 * visitor's browser runs its cached copy at once and revalidates it in the background for a day,
 * so only a first visit (or one a day later) waits for the network. A publish reaches a
 * returning visitor one page view later; the core corrects what a stale copy sent (consentMode.ts).
 */
const LOADER_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';

/** Compressed scripts by ETag and encoding: each is made once per publication and rule. */
const COMPRESSED_LIMIT = 200;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Customers' sites load these scripts cross-origin, without credentials; their own performance
 * monitoring may time them (STD-8: what the banner costs is theirs to see).
 */
const publicScript = (res: Response): void => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Timing-Allow-Origin', '*');
};

const encodingFor = (req: Request): Encoding => {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
};

const cdnRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const data = templateData(ctx.store);
  const compressed = new Map<string, Buffer>();

  const encoded = (key: string, encoding: Encoding, script: string): Buffer => {
    if (encoding === 'identity') return Buffer.from(script, 'utf8');
    const cacheKey = `${key} ${encoding}`;
    let body = compressed.get(cacheKey);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(script) : gzipSync(script, { level: 9 });
      if (compressed.size >= COMPRESSED_LIMIT) compressed.clear();
      compressed.set(cacheKey, body);
    }
    return body;
  };

  /** A script that is the same for every visitor (the UI, the declaration): compressed, revalidated by ETag. */
  const sendFile = (
    req: Request,
    res: Response,
    {
      etag,
      cacheControl,
      publishedAt,
      script,
      vary = 'Accept-Encoding',
    }: { etag: string; cacheControl: string; publishedAt: string; script: Buffer; vary?: string },
  ): void => {
    const encoding = encodingFor(req);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Vary', vary);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', new Date(publishedAt).toUTCString());
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.type('text/javascript; charset=utf-8').send(encoded(etag, encoding, script.toString('utf8')));
  };

  /**
   * The banner's script for one visitor: `banner.js` the core (the synchronous tag's, and the
   * loader's of snippets copied before `banner-full.js`); `banner-full.js` the async snippet's,
   * the core with the UI of the visitor's language inside (STD-8: one request after the first
   * paint instead of two). Both in the visitor's language when Accept-Language names a published
   * one; else the core offering every language, which fetches the UI of the one it picks.
   */
  const bannerScript =
    (full: boolean) =>
    (req: Request<{ csId: string }>, res: Response): void => {
      publicScript(res);
      const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
      const settings = id === undefined ? undefined : data.settingsOf(id);
      const publication = data.publications().find((p) => p.id === settings?.publishedPublicationId);
      const files = full ? (publication?.fullFiles ?? publication?.languageFiles) : publication?.languageFiles;
      const language = files ? acceptedLanguage(req.headers['accept-language'], Object.keys(files)) : null;
      const languageFile = language === null ? undefined : files?.[language];
      const file = publication && readScript(ctx.store.file, publication.consentSolutionId, languageFile?.file ?? publication.file);
      const solution = publication && solutionRows(ctx.store).find((s) => s.id === publication.consentSolutionId);
      if (!publication || !file || !solution) throw new ApiError(404, [violation('error.backend.not_published')]);

      const regions = standardsOf(solution).regions;
      // DEPLOY-2: the CDN's headers count only on a connection from a trusted proxy.
      const trusted = fromTrustedProxy(req);
      const countryHeader = trusted ? ctx.countryHeader : undefined;
      const country = regions.enabled ? visitorCountry(req.headers, clientAddress(req), countryHeader) : null;
      // STD-11: with TCF on, the banner learns the list version held now, and encodes with that list.
      const gvlVersion = publication.tcf ? ctx.gvl.current().list.vendorListVersion : undefined;
      const visitor = {
        ...visitorFor(regions, country, headerState(req.headers, trusted ? ctx.regionHeader : undefined, country)),
        ...(gvlVersion ? { gvlVersion } : {}),
      };
      const vary = files ? ['Accept-Encoding', 'Accept-Language'] : ['Accept-Encoding'];
      if (regions.enabled && ctx.countryHeader) vary.push(ctx.countryHeader);
      if (regions.enabled && ctx.regionHeader) vary.push(ctx.regionHeader);
      // The tag names everything the script carries of the visitor: it keys the compressed copies too.
      const etag = `"${languageFile?.sha256 ?? publication.sha256}-${visitor.region}-${visitor.rule}${visitor.state ? `-${visitor.state}` : ''}${gvlVersion ? `-g${gvlVersion}` : ''}"`;
      const encoding = encodingFor(req);
      // DEPLOY-2: a region decision is the visitor's alone; a shared cache that ignores Vary must not keep it for everyone.
      res.setHeader('Cache-Control', regions.enabled ? PRIVATE_CACHE_CONTROL : CDN_CACHE_CONTROL);
      res.setHeader('Vary', vary.join(', '));
      res.setHeader('ETag', etag);
      res.setHeader('Last-Modified', new Date(publication.publishedAt).toUTCString());
      res.setHeader('X-Banner-Version', String(publication.version));
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return;
      }
      const body = encoded(etag, encoding, withVisitor(file.toString('utf8'), visitor));
      if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
      res.type('text/javascript; charset=utf-8').send(body);
    };
  router.get('/cdn/:csId/banner.js', bannerScript(false));
  router.get('/cdn/:csId/banner-full.js', bannerScript(true));

  /**
   * PROMISE-5: the one installation snippet's script, of the publication the CDN serves: what must
   * run before the page's own tags (the settings decide) and the loader of `banner-full.js`. A
   * publication made before it gets the same, composed from its inline part.
   */
  router.get('/cdn/:csId/loader.js', (req, res: Response) => {
    publicScript(res);
    const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
    const settings = id === undefined ? undefined : data.settingsOf(id);
    const publication = data.publications().find((p) => p.id === settings?.publishedPublicationId);
    const stored = publication?.loaderFile && readScript(ctx.store.file, publication.consentSolutionId, publication.loaderFile.file);
    const script =
      stored ||
      (publication && !publication.loaderFile ? Buffer.from(loaderFileScript(publication.consentSolutionId, publication.inlineScript ?? '')) : undefined);
    if (!publication || !script) throw new ApiError(404, [violation('error.backend.not_published')]);
    const sha256 = publication.loaderFile?.sha256 ?? createHash('sha256').update(script).digest('hex');
    res.setHeader('X-Banner-Version', String(publication.version));
    sendFile(req, res, { etag: `"${sha256}"`, cacheControl: LOADER_CACHE_CONTROL, publishedAt: publication.publishedAt, script });
  });

  /**
   * STD-8: the banner's UI in one language (`ui/{version}.{language}.js`), which the core loads
   * asynchronously. The URL names the publication, so it is cached for good; the version the
   * current core names or an earlier one still in a cache, as long as the solution exists.
   */
  router.get('/cdn/:csId/ui/:file', (req, res: Response) => {
    publicScript(res);
    const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
    const [, version, language] = /^(\d{1,9})\.([a-z]{2})\.js$/.exec(req.params.file) ?? [];
    // Ids and versions compare as numbers: `01.fr.js` names version 1 (DEPLOY-5).
    const publication = id === undefined ? undefined : data.publications().find((p) => p.consentSolutionId === id && p.version === Number(version));
    const uiFile = language === undefined ? undefined : publication?.uiFiles?.[language];
    const file = publication && uiFile && readScript(ctx.store.file, publication.consentSolutionId, uiFile.file);
    if (!publication || !uiFile || !file) throw new ApiError(404, [violation('error.backend.not_published')]);
    sendFile(req, res, { etag: `"${uiFile.sha256}"`, cacheControl: IMMUTABLE_CACHE_CONTROL, publishedAt: publication.publishedAt, script: file });
  });

  /**
   * STD-11: the current Global Vendor List for a publication with TCF on, narrowed to its choice
   * (and its Additional Consent providers, STD-14), in one language: `{version}.{gvlVersion}.{language}.json`.
   * Only the version the API holds is served; its URL never changes content, so it is cached for good.
   */
  router.get('/cdn/:csId/gvl/:file', (req, res: Response) => {
    publicScript(res);
    const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
    const [, version, gvlVersion, language] = /^(\d{1,9})\.(\d{1,9})\.([a-z]{2})\.json$/.exec(req.params.file) ?? [];
    const publication = id === undefined ? undefined : data.publications().find((p) => p.consentSolutionId === id && String(p.version) === version);
    const snapshot = ctx.gvl.current();
    if (!publication?.tcf || !publication.tcfSettings || language === undefined || String(snapshot.list.vendorListVersion) !== gvlVersion)
      throw new ApiError(404, [violation('error.backend.not_published')]);
    const body = JSON.stringify(tcfListUpdate(publication.tcfSettings, snapshot, language, publication.tcf, ctx.acProviders.current().providers));
    const etag = `"${createHash('sha256').update(body).digest('hex')}"`;
    res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const encoding = encodingFor(req);
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.type('application/json; charset=utf-8').send(encoded(etag, encoding, body));
  });

  /**
   * STD-13: a publication's IAB GPP module (`gpp/{version}.js`), which the banner's UI loads only
   * where a GPP section applies. Named by its publication, so cached for good, like the UI.
   */
  router.get('/cdn/:csId/gpp/:file', (req, res: Response) => {
    publicScript(res);
    const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
    const [, version] = /^(\d{1,9})\.js$/.exec(req.params.file) ?? [];
    const publication = id === undefined ? undefined : data.publications().find((p) => p.consentSolutionId === id && String(p.version) === version);
    const file = publication?.gppFile && readScript(ctx.store.file, publication.consentSolutionId, publication.gppFile.file);
    if (!publication?.gppFile || !file) throw new ApiError(404, [violation('error.backend.not_published')]);
    sendFile(req, res, { etag: `"${publication.gppFile.sha256}"`, cacheControl: IMMUTABLE_CACHE_CONTROL, publishedAt: publication.publishedAt, script: file });
  });

  /** TCF-1: the IAB stub, for the script tag that must come before every other one when TCF is on. */
  router.get('/cdn/tcf-stub.js', (_req, res) => {
    publicScript(res);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('text/javascript; charset=utf-8').send(readBannerRuntime('tcfStub'));
  });

  /**
   * STD-5: the cookie declaration of the published version, in the visitor's language when
   * Accept-Language names a published one (I18N-3), else with every language.
   */
  router.get('/cdn/:csId/declaration.js', (req, res: Response) => {
    publicScript(res);
    const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
    const settings = id === undefined ? undefined : data.settingsOf(id);
    const publication = data.publications().find((p) => p.id === settings?.publishedPublicationId);
    const files = publication?.declarationFiles;
    const language = files ? acceptedLanguage(req.headers['accept-language'], Object.keys(files)) : null;
    const languageFile = language === null ? undefined : files?.[language];
    const name = languageFile?.file ?? publication?.declarationFile;
    const file = publication && name && readScript(ctx.store.file, publication.consentSolutionId, name);
    if (!publication || !file) throw new ApiError(404, [violation('error.backend.not_published')]);
    sendFile(req, res, {
      etag: `"${languageFile?.sha256 ?? publication.declarationSha256 ?? publication.sha256}"`,
      cacheControl: CDN_CACHE_CONTROL,
      publishedAt: publication.publishedAt,
      script: file,
      vary: files ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding',
    });
  });

  router.all('/cdn/:csId/declaration.js', methodNotAllowed);

  router.all('/cdn/:csId/ui/:file', methodNotAllowed);

  router.all('/cdn/:csId/gvl/:file', methodNotAllowed);

  router.all('/cdn/:csId/gpp/:file', methodNotAllowed);

  /**
   * STD-15: the GPC support resource of a published solution, in the format of the GPC spec's
   * `/.well-known/gpc.json`: `gpc` whether the banner published honours the signal, `lastUpdate`
   * the day of that publication (ISO 8601). The customer's site serves it at its own
   * `/.well-known/gpc.json` by proxying or redirecting there; it changes only with a publish.
   */
  router.get('/cdn/:csId/.well-known/gpc.json', (req, res: Response) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const id = /^\d{1,15}$/.test(req.params.csId) ? Number(req.params.csId) : undefined;
    const settings = id === undefined ? undefined : data.settingsOf(id);
    const publication = data.publications().find((p) => p.id === settings?.publishedPublicationId);
    const solution = publication && solutionRows(ctx.store).find((s) => s.id === publication.consentSolutionId);
    if (!publication || !solution) throw new ApiError(404, [violation('error.backend.not_published')]);
    const body = JSON.stringify({ gpc: publication.honourGpc ?? standardsOf(solution).gpc.enabled, lastUpdate: publication.publishedAt.slice(0, 10) });
    res.setHeader('Cache-Control', CDN_CACHE_CONTROL);
    res.setHeader('ETag', `"${publication.sha256}-gpc"`);
    res.type('application/json').send(body);
  });

  router.all('/cdn/:csId/.well-known/gpc.json', methodNotAllowed);

  router.all(['/cdn/:csId/banner.js', '/cdn/:csId/banner-full.js', '/cdn/:csId/loader.js'], methodNotAllowed);

  return router;
};

export const cdnFeature: Feature = {
  name: 'cdn',
  public: (ctx) => [cdnRoutes(ctx)],
};
