/**
 * LOG-2: group commit for ingest. Each `append` waits for the transaction that holds its row to
 * commit; while one batch commits, the rows that arrive meanwhile gather into the next one, so
 * under load many records share one transaction and one WAL flush. Each batch first waits
 * `lingerMs` for company, so that a burst arriving in the same few milliseconds shares one
 * commit instead of the first row committing alone.
 */
interface BatchWriter<T> {
  /** Resolves once `row` is committed; rejects with the batch's error. */
  append(row: T): Promise<void>;
  /** Resolves when nothing is queued or being written. */
  idle(): Promise<void>;
  /** Transactions committed and rows they held, since start. */
  stats(): { batches: number; rows: number };
}

interface Pending<T> {
  row: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export const createBatchWriter = <T>(write: (rows: T[]) => Promise<void>, lingerMs = 2, maxBatch = 2000): BatchWriter<T> => {
  let queue: Pending<T>[] = [];
  let running: Promise<void> | null = null;
  const counts = { batches: 0, rows: 0 };

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      if (queue.length < maxBatch) await new Promise<void>((later) => setTimeout(later, lingerMs));
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        await write(batch.map((p) => p.row));
        counts.batches += 1;
        counts.rows += batch.length;
        for (const p of batch) p.resolve();
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    running = null;
  };

  return {
    append: (row) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        running ??= drain();
      }),
    idle: async () => {
      while (running) await running;
    },
    stats: () => ({ ...counts }),
  };
};
