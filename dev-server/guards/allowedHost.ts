import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { ApiError } from '../http/errors';

/** Addresses that mean "every interface": not a name a client can use to reach the API. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

const hostName = (host: string): string => (isIP(host) === 6 ? `[${host}]` : host).toLowerCase();

/**
 * The `Host` values accepted on a connection to `port` when none are configured: the address
 * the API listens on and `localhost`, with the port (also without it on port 80, as browsers
 * leave the default port out).
 */
export const defaultAllowedHosts = (apiHost: string, port: number): string[] => {
  const names = new Set(['localhost', ...(WILDCARDS.has(apiHost) ? [] : [hostName(apiHost)])]);
  return [...names].flatMap((name) => (port === 80 ? [`${name}:${port}`, name] : [`${name}:${port}`]));
};

/**
 * SEC-4 (DNS rebinding): a page that makes its own host name resolve to the API's address
 * would otherwise reach the API as a same-origin site and read every answer (the dev outbox
 * too). Browsers send that page's name in `Host`, so only the names the API is reached by are
 * served: the configured list (`API_ALLOWED_HOSTS`), else the defaults for the port the
 * connection came in on. Anything else answers 400 host_not_allowed.
 */
export const allowedHost = ({ apiHost, allowedHosts }: { apiHost: string; allowedHosts?: readonly string[] }): RequestHandler => {
  const configured = allowedHosts?.map((host) => host.toLowerCase());
  return (req, _res, next) => {
    const host = req.headers.host?.toLowerCase();
    const allowed = configured ?? defaultAllowedHosts(apiHost, req.socket.localPort ?? 0);
    if (host === undefined || !allowed.includes(host)) return next(new ApiError(400, 'error.backend.host_not_allowed'));
    next();
  };
};
