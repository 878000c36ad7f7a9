import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { checkHost, defaultPort, type AddressPolicy, type RefusalReason } from './addressGuard';

/**
 * SCAN-6: the scanner's browser reaches the web only through this forward proxy. Playwright's
 * routing is not called for redirects, so it cannot check them; a proxy sees every request the
 * browser makes (navigations, each redirect hop, subrequests, WebSockets through CONNECT),
 * resolves the host itself, refuses a forbidden address, and connects to the address it
 * checked. Chromium is told to send loopback through it too (`<-loopback>`).
 */

export interface Refusal {
  url: string;
  reason: RefusalReason;
  address: string | null;
  detail: string;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's proxy setting. */
  server: string;
  close(): Promise<void>;
}

/** Marks the proxy's own refusals, so the crawler can tell them from a site's 403. */
export const REFUSED_HEADER = 'x-scanner-refused';

const HOP_BY_HOP = new Set(['connection', 'proxy-connection', 'proxy-authorization', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

export const startGuardProxy = async (policy: AddressPolicy, onRefused: (refusal: Refusal) => void): Promise<GuardProxy> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();

  const refuse = (url: string, verdict: { reason: RefusalReason; address: string | null; detail: string }): void =>
    onRefused({ url, reason: verdict.reason, address: verdict.address, detail: verdict.detail });

  const server: Server = createServer((req: IncomingMessage, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (target.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    const port = target.port === '' ? defaultPort(target.protocol) : Number(target.port);
    void checkHost(policy, target.hostname, port).then((verdict) => {
      if (!verdict.ok && verdict.reason === 'unresolved') {
        // A name that does not resolve is a site that cannot be reached, not a refusal.
        res.writeHead(502, { 'content-type': 'text/plain' }).end('name not resolved');
        return;
      }
      if (!verdict.ok) {
        refuse(target.href, verdict);
        res.writeHead(403, { [REFUSED_HEADER]: verdict.reason, 'content-type': 'text/plain' }).end('refused by the scanner');
        return;
      }
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      const upstream = request(
        { host: verdict.address, family: verdict.family, port, method: req.method, path: `${target.pathname}${target.search}`, headers, agent, setHost: false },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      req.pipe(upstream);
    });
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    let host: string;
    let port: number;
    try {
      const target = new URL(`https://${req.url ?? ''}`);
      host = target.hostname;
      port = target.port === '' ? 443 : Number(target.port);
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    void checkHost(policy, host, port).then((verdict) => {
      if (!verdict.ok && verdict.reason === 'unresolved') {
        client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        return;
      }
      if (!verdict.ok) {
        refuse(`https://${req.url ?? ''}/`, verdict);
        client.end(`HTTP/1.1 403 Forbidden\r\n${REFUSED_HEADER}: ${verdict.reason}\r\n\r\n`);
        return;
      }
      const upstream = connect({ host: verdict.address, port, family: verdict.family }, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      agent.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
