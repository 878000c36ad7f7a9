// LOG-2: the embedded database on a thread of its own, so that PGlite's WebAssembly never holds
// the API's event loop (dev-server/consent-log/sql.ts sends one statement per message, in order).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(workerData.dataDir);

parentPort.on('message', async ({ id, op, text, params }) => {
  try {
    let rows = [];
    if (op === 'query') rows = (await db.query(text, params)).rows;
    else if (op === 'script') await db.exec(text);
    else if (op === 'close') await db.close();
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error), code: error?.code } });
  }
});
parentPort.postMessage({ ready: true });
