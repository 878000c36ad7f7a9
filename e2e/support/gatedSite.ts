import { createServer, request, type Server, type ServerResponse } from 'node:http';

/**
 * SCAN-7 in Chromium: a pass-through in front of a fixture site that can hold one path's requests,
 * so a test sees a scan part-way through (and cancels it there) without waiting on a clock.
 * Held requests go on when released, or are cut (the scanner records those pages as failed); after
 * a cut the path stays cut, so a browser's retry of a reset request cannot fetch it behind the test's back.
 */
export interface GatedSite {
  /** From now on, requests for the gated path wait. */
  hold: () => void;
  /** Held requests go through; later ones are not held. */
  release: () => void;
  /** Held requests are cut, and later ones too until the next hold. */
  cut: () => void;
  close: () => Promise<void>;
}

interface Held {
  go: () => void;
  drop: () => void;
}

export const startGatedSite = async (port: number, targetPort: number, gatedPath: string): Promise<GatedSite> => {
  let held: Held[] | null = null;
  let cutting = false;
  const forward = (method: string | undefined, url: string | undefined, headers: NodeJS.Dict<string | string[]>, res: ServerResponse): void => {
    const upstream = request({ host: '127.0.0.1', port: targetPort, method, path: url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end();
  };
  const server: Server = createServer((req, res) => {
    // The scanner loads pages with GET only: no request body to pass on.
    const go = () => forward(req.method, req.url, req.headers, res);
    const path = (req.url ?? '/').split('?')[0];
    if (path !== gatedPath) go();
    else if (cutting) res.destroy();
    else if (held) held.push({ go, drop: () => res.destroy() });
    else go();
  });
  server.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const open = (each: (h: Held) => void) => {
    const waiting = held ?? [];
    held = null;
    waiting.forEach(each);
  };
  return {
    hold: () => {
      cutting = false;
      held ??= [];
    },
    release: () => open((h) => h.go()),
    cut: () => {
      cutting = true;
      open((h) => h.drop());
    },
    close: () =>
      new Promise<void>((resolve) => {
        open((h) => h.drop());
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
