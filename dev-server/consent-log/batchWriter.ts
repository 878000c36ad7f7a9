/**
 * LOG-2: group commit for ingest. Each `append` waits for the transaction that holds its row to
 * commit; while one batch commits, the rows that arrive meanwhile gather into the next one, so
 * under load many records share one transaction and one WAL flush, and when idle a lone record
 * is written at once.
 */
export interface BatchWriter<T> {
  /** Resolves once `row` is committed; rejects with the batch's error. */
  append(row: T): Promise<void>;
  /** Resolves when nothing is queued or being written. */
  idle(): Promise<void>;
}

interface Pending<T> {
  row: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export const createBatchWriter = <T>(write: (rows: T[]) => Promise<void>, maxBatch = 2000): BatchWriter<T> => {
  let queue: Pending<T>[] = [];
  let running: Promise<void> | null = null;

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        await write(batch.map((p) => p.row));
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
        // The requests already read in this turn of the event loop join the first batch.
        running ??= new Promise<void>((started) => setImmediate(started)).then(drain);
      }),
    idle: async () => {
      while (running) await running;
    },
  };
};
