// LOG-2: the embedded database on a thread of its own, so that PGlite's WebAssembly never holds
// the API's event loop (dev-server/consent-log/sql.ts sends one statement per message, in order).
// SCAN-2: with `servePort` it also serves the database over PostgreSQL's wire protocol on
// 127.0.0.1 (pglite-socket's multiplexer orders the connections' transactions), for scanner
// workers in other processes; the API then talks to it through that socket too.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const db = await PGlite.create(workerData.dataDir);
let socketServer = null;
let port = null;
if (workerData.servePort !== undefined) {
  socketServer = new PGLiteSocketServer({ db, host: '127.0.0.1', port: workerData.servePort, maxConnections: 200 });
  await socketServer.start();
  port = Number(String(socketServer.getServerConn()).split(':').pop());
}

parentPort.on('message', async ({ id, op, text, params }) => {
  try {
    let rows = [];
    if (op === 'query') rows = (await db.query(text, params)).rows;
    else if (op === 'script') await db.exec(text);
    else if (op === 'exec') rows = (await db.exec(text)).at(-1)?.rows ?? [];
    else if (op === 'close') {
      await socketServer?.stop();
      await db.close();
    }
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error), code: error?.code } });
  }
});
parentPort.postMessage({ ready: true, port });
