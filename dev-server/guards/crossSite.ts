import type { RequestHandler } from 'express';
import { WRITE_METHODS } from '../http/bodyParsers';
import { ApiError } from '../http/errors';

/** `scheme://host[:port]` of a URL, or null for something that is not one. */
const originOf = (value: string): string | null => {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/**
 * SEC-5 (CSRF): a state-changing request (POST, PUT, PATCH, DELETE) made by a browser names
 * the page that made it in `Origin` (every current browser sends it on these methods, same-site
 * or not), or at least in `Referer`. Only the app's origins (`CORS_ORIGINS`) may change data
 * with the user's cookies; any other, and `Origin: null` (sandboxed frames, privacy redirects),
 * answer 403 cross_site_request. A request with neither header comes from no web page (an API
 * client, a test, a server): it carries no cookies a browser would add on its own, so it is
 * let through and the session decides. The public consent-record endpoints are mounted before
 * this guard: any site may send them, checked against the solution's domains instead.
 */
export const sameOriginWrites = (allowedOrigins: readonly string[]): RequestHandler => {
  const allowed = new Set(allowedOrigins.map((origin) => originOf(origin) ?? origin));
  return (req, _res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const { origin, referer } = req.headers;
    if (origin === undefined && referer === undefined) return next();
    const source = origin !== undefined ? originOf(origin) : originOf(referer ?? '');
    if (source === null || !allowed.has(source)) return next(new ApiError(403, 'error.backend.cross_site_request'));
    next();
  };
};
