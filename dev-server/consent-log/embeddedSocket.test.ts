import { describe, expect, it } from 'vitest';
import { createTurns } from './embeddedSocket.mjs';

/**
 * SCAN-2: the embedded database's one session, shared by the API and workers in other processes
 * (embeddedSocket.mjs). A client keeps the session while it is inside a transaction or in the
 * middle of an extended-protocol exchange (it flushed to read a Describe's answer and has not
 * sent its Sync yet): another client's Parse would replace the unnamed statement it still binds.
 */

const fakeDb = (inTransaction: () => boolean) => ({ closed: false, isInTransaction: inTransaction });
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe('the embedded database socket', () => {
  it('[SCAN-2] a client that flushed mid-exchange, or holds a transaction, keeps the session until it is done; the others wait their turn', async () => {
    let transaction = false;
    const run = createTurns(fakeDb(() => transaction));
    const order: string[] = [];
    const step = (label: string) => async (): Promise<void> => {
      order.push(label);
      await tick();
    };

    // A: Parse, Describe, Flush (hold); B queues meanwhile; A's Bind, Execute, Sync must come before B.
    const a1 = run('a', step('a:parse-describe'), true);
    const b = run('b', step('b:query'));
    await a1;
    await tick();
    expect(order).toEqual(['a:parse-describe']);
    await run('a', step('a:bind-execute-sync'));
    await b;
    expect(order).toEqual(['a:parse-describe', 'a:bind-execute-sync', 'b:query']);

    // A transaction keeps the session the same way until it ends.
    order.length = 0;
    const begin = run('c', async () => {
      order.push('c:begin');
      transaction = true;
    });
    const d = run('d', step('d:query'));
    await begin;
    await tick();
    expect(order).toEqual(['c:begin']);
    await run('c', async () => {
      order.push('c:commit');
      transaction = false;
    });
    await d;
    expect(order).toEqual(['c:begin', 'c:commit', 'd:query']);
  });
});
