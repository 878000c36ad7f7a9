/** The session PGlite offers the turns (embeddedSocket.mjs). */
export interface TurnDb {
  readonly closed: boolean;
  isInTransaction(): boolean;
}

/** Runs `work` in `who`'s turn on the one session; `hold` keeps the session for `who` afterwards (an exchange not finished yet). */
export type Turns = <T>(who: string, work: () => Promise<T>, hold?: boolean) => Promise<T>;

export declare const createTurns: (db: TurnDb) => Turns;

export declare const serveEmbedded: (db: unknown, run: Turns, port: number) => Promise<{ port: number; close: () => Promise<void> }>;
