/**
 * The dev API for the consent-log bench (bench/consentLog.ts), in a process of its own as
 * `npm run api` runs it: the visitors' load generator must not share the API's event loop, or
 * the bench measures autocannon's own work as the API's latency. Started with `fork`; the
 * options come in BENCH_SERVER_OPTIONS, the port goes back over IPC, and the parent drives the
 * consent log (stats, close for seeding, reopen, memory) with `{ id, op }` messages.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type CreateServerOptions } from '../dev-server/createServer';

export type ServerOp = 'stats' | 'closeLog' | 'openLog' | 'memory' | 'exit';
export interface ServerRequest {
  id: number;
  op: ServerOp;
}
export interface ServerReply {
  id?: number;
  port?: number;
  result?: unknown;
  error?: string;
}

const send = (reply: ServerReply): void => {
  process.send?.(reply);
};

const options = JSON.parse(process.env.BENCH_SERVER_OPTIONS ?? '{}') as CreateServerOptions;
const api = createServer(options);
const http = api.app.listen(0, '127.0.0.1');

/** Live heap after a full collection (the child runs with --expose-gc), and resident memory. */
const memory = (): { heap: number; rss: number } => {
  global.gc?.();
  return { heap: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss };
};

const run = async (op: ServerOp): Promise<unknown> => {
  switch (op) {
    case 'stats':
      return api.context.consentLog.ingestStats();
    case 'closeLog':
      return api.context.consentLog.close();
    case 'openLog':
      return api.context.consentLog.ready();
    case 'memory':
      return memory();
    case 'exit':
      await new Promise<void>((done) => {
        http.close(() => done());
        http.closeAllConnections();
      });
      await api.close();
      setImmediate(() => process.exit(0));
      return null;
  }
};

process.on('message', (request: ServerRequest) => {
  run(request.op).then(
    (result) => send({ id: request.id, result }),
    (error: unknown) => send({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

http.once('listening', () => {
  void api.context.consentLog.ready().then(() => send({ port: (http.address() as AddressInfo).port }));
});
