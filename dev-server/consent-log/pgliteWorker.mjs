// LOG-2: the embedded database on a thread of its own, so that PGlite's WebAssembly never holds
// the API's event loop (dev-server/consent-log/sql.ts sends one statement per message, in order).
// SCAN-2: with `servePort` it also serves the database over PostgreSQL's wire protocol on
// 127.0.0.1 for scanner workers in other processes (embeddedSocket.mjs); the API's statements and
// theirs then take turns on the one session, transactions whole.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createTurns, serveEmbedded } from './embeddedSocket.mjs';

// The WebAssembly its opener compiled (sql.ts), instead of compiling it again here.
const db = await PGlite.create(workerData.dataDir, { pgliteWasmModule: workerData.wasmModule });
const run = createTurns(db);
const served = workerData.servePort === undefined ? null : await serveEmbedded(db, run, workerData.servePort);

parentPort.on('message', async ({ id, op, text, params }) => {
  try {
    let rows = [];
    await run('api', async () => {
      if (op === 'query') rows = (await db.query(text, params)).rows;
      else if (op === 'script') await db.exec(text);
      else if (op === 'exec') rows = (await db.exec(text)).at(-1)?.rows ?? [];
      else if (op === 'close') {
        await served?.close();
        await db.close();
      }
    });
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error), code: error?.code } });
  }
});
parentPort.postMessage({ ready: true, port: served?.port ?? null });
