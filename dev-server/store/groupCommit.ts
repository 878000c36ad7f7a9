import writeFileAtomic from 'write-file-atomic';
import { writeFileDurably } from './jsonFile';

/**
 * Group commit of the whole database file. Every change bumps a generation; one flush at a time
 * serialises the state as it is then and writes it durably, covering every change made before
 * it started. A request that changed something is answered only once a flush containing its
 * change is on disk, so many concurrent writes share one flush instead of paying one each.
 */
export class GroupCommit {
  private written = 0;
  private flushed = 0;
  private running: Promise<void> | undefined;
  private readonly waiters: { generation: number; resolve: () => void }[] = [];

  private flushCount = 0;

  constructor(
    private readonly file: string,
    private readonly serialize: () => string,
    private readonly writeFile: (file: string, text: string) => Promise<void> = writeFileDurably,
    private readonly retryMs = 100,
  ) {}

  /** How many flushes reached the disk (group commit: far fewer than changes under load). */
  get flushes(): number {
    return this.flushCount;
  }

  /** The generation of the last change. */
  get generation(): number {
    return this.written;
  }

  /** Records a change and schedules a flush; returns the change's generation. */
  changed(): number {
    this.written += 1;
    this.running ??= this.flushLoop();
    return this.written;
  }

  isDurable(generation: number): boolean {
    return this.flushed >= generation;
  }

  /** Resolves once every change up to `generation` (default: all so far) is on disk. */
  durable(generation = this.written): Promise<void> {
    if (this.isDurable(generation)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ generation, resolve }));
  }

  /** Waits for the flush in progress, then writes what is left (shutdown). */
  async drain(): Promise<void> {
    await this.running;
    this.flushSync();
  }

  /** Writes synchronously whatever is not on disk yet. Only when no flush runs (start, drain). */
  flushSync(): void {
    if (this.flushed >= this.written) return;
    const generation = this.written;
    writeFileAtomic.sync(this.file, this.serialize());
    this.flushCount += 1;
    this.settle(generation);
  }

  private async flushLoop(): Promise<void> {
    // Let the writes of the current tick (and of requests already queued) join this flush.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.flushed < this.written) {
      const generation = this.written;
      try {
        await this.writeFile(this.file, this.serialize());
        this.flushCount += 1;
        this.settle(generation);
      } catch (error) {
        // The disk refused (full, read-only): keep the answers waiting and try again.
        console.error('Database flush failed, retrying:', error);
        await new Promise((resolve) => setTimeout(resolve, this.retryMs));
      }
    }
    this.running = undefined;
  }

  private settle(generation: number): void {
    this.flushed = Math.max(this.flushed, generation);
    for (let index = this.waiters.length - 1; index >= 0; index -= 1) {
      const waiter = this.waiters[index];
      if (waiter && waiter.generation <= this.flushed) {
        this.waiters.splice(index, 1);
        waiter.resolve();
      }
    }
  }
}
