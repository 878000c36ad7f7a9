// SCAN-2: the embedded database served over PostgreSQL's wire protocol on 127.0.0.1, for scanner
// workers in other processes, from pgliteWorker.mjs's thread. PGlite has one session, so every
// client's statements take turns: a client's messages up to its Sync (one extended-protocol
// exchange: Parse/Bind/Execute share the session's unnamed statement) or one simple Query run
// together, and a client inside a transaction keeps the session until it ends. The API's own
// statements take turns the same way (`run`). pglite-socket's multiplexer interleaves single
// messages of different clients, which mixes their unnamed statements; hence this one.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:net';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/**
 * Turns on the one session: whoever holds an open transaction, or is in the middle of an
 * extended-protocol exchange (`hold`: it flushed before its Sync to read a Describe's answer),
 * goes first; the rest in order.
 */
export const createTurns = (db) => {
  const waiting = [];
  let owner = null;
  let busy = false;
  const pump = () => {
    if (busy) return;
    const index = waiting.findIndex((w) => owner === null || w.who === owner);
    if (index < 0) return;
    const [turn] = waiting.splice(index, 1);
    busy = true;
    turn
      .work()
      .then(turn.resolve, turn.reject)
      .finally(() => {
        // After the `close` turn the session is gone, and so is any transaction.
        owner = turn.hold || (!db.closed && db.isInTransaction()) ? turn.who : null;
        busy = false;
        pump();
      });
  };
  return (who, work, hold = false) =>
    new Promise((resolve, reject) => {
      waiting.push({ who, work, resolve, reject, hold });
      pump();
    });
};

/** Serves `db` on 127.0.0.1:`port` (0: any free port); answers the port. */
export const serveEmbedded = (db, run, port) =>
  new Promise((resolve, reject) => {
    let next = 0;
    const clients = new Set();
    const server = createServer((socket) => {
      const who = `socket-${(next += 1)}`;
      clients.add(socket);
      let buffer = Buffer.alloc(0);
      let started = false;
      let batch = [];
      let chain = Promise.resolve();
      socket.setNoDelay(true);
      // `hold`: the exchange goes on after this Flush (its Bind still needs the unnamed statement it parsed).
      const flush = (hold = false) => {
        const messages = batch;
        batch = [];
        chain = chain.then(() =>
          run(
            who,
            async () => {
              for (const message of messages) {
                const reply = await db.execProtocolRaw(message);
                if (reply.length > 0 && socket.writable) socket.write(reply);
              }
            },
            hold,
          ),
        );
        chain.catch(() => socket.destroy());
      };
      socket.on('data', (chunk) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
          if (!started) {
            if (buffer.length < 8) return;
            const length = buffer.readInt32BE(0);
            if (buffer.length < length) return;
            const code = buffer.readInt32BE(4);
            const message = buffer.subarray(0, length);
            buffer = buffer.subarray(length);
            if (code === SSL_REQUEST) socket.write('N');
            else if (code === CANCEL_REQUEST) socket.end();
            else if (code === PROTOCOL_3) {
              started = true;
              batch.push(new Uint8Array(message));
              flush();
            } else socket.destroy();
            continue;
          }
          if (buffer.length < 5) return;
          const length = 1 + buffer.readInt32BE(1);
          if (buffer.length < length) return;
          const type = String.fromCharCode(buffer[0]);
          batch.push(new Uint8Array(buffer.subarray(0, length)));
          buffer = buffer.subarray(length);
          if (type === 'X') {
            batch = [];
            socket.end();
            return;
          }
          // Sync ends an extended-protocol exchange, Query is one exchange, Flush asks for answers now.
          if (type === 'S' || type === 'Q') flush();
          else if (type === 'H') flush(true);
        }
      });
      const closed = () => {
        // A client gone inside its transaction or mid-exchange (killed, or its last turn failed):
        // roll it back so the session is free again. After a failed turn too, or the session
        // would stay held by a client that no longer exists.
        chain = chain
          .catch(() => undefined)
          .then(() =>
            run(who, async () => {
              if (!db.closed && db.isInTransaction()) await db.exec('ROLLBACK');
            }),
          );
      };
      socket.on('close', () => {
        clients.delete(socket);
        closed();
      });
      socket.on('error', () => undefined);
    });
    server.once('error', reject);
    // Closing the database disconnects its clients, as a PostgreSQL server shutting down does: a
    // worker process still connected would otherwise keep the close waiting for ever.
    const close = () =>
      new Promise((done) => {
        server.close(() => done());
        for (const socket of clients) socket.destroy();
      });
    server.listen(port, '127.0.0.1', () => resolve({ port: server.address().port, close }));
  });
