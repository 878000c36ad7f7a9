import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

/** Vite names every built asset by a hash of its content: a new build gets new names. */
const ASSETS = '/assets/';
const YEAR_SECONDS = 31_536_000;

export interface AppServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

const setHeaders = (res: ServerResponse, pathname: string): void => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // sirv's type table has no .ico; a favicon without a type is not shown.
  if (pathname.endsWith('.ico')) res.setHeader('Content-Type', 'image/x-icon');
};

/**
 * Serves a production build as a CDN would: the precompressed file the browser accepts (brotli,
 * then gzip), hashed assets cached for a year and never revalidated (`immutable`), everything
 * else revalidated on every load (a new build is seen at once), and the single-page app's
 * index.html for any path that is not a file.
 */
export const startAppServer = async (dir: string, host: string, port: number): Promise<AppServer> => {
  const common = { dev: false, etag: true, brotli: true, gzip: true, setHeaders };
  const assets = sirv(dir, { ...common, maxAge: YEAR_SECONDS, immutable: true });
  const pages = sirv(dir, { ...common, maxAge: 0, single: true });
  const notFound = (res: ServerResponse): void => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  };
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    // A missing asset is a 404, never the app's page: a stale chunk name must fail as a script load.
    if ((req.url ?? '/').startsWith(ASSETS)) assets(req, res, () => notFound(res));
    else pages(req, res, () => notFound(res));
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, done);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${actual}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
};
