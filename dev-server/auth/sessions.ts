import { randomBytes } from 'node:crypto';
import type { Store } from '../store/store';
import type { Row } from '../store/types';
import { SESSION_TTL_SECONDS } from './jwt';
import { sha256 } from './passwordTokens';

/**
 * SEC-3: the server side of a session. The JWT carries a random session id (`sid`, 256 bits);
 * only its SHA-256 is stored here, with the user it was issued to. A request is accepted only
 * while its row exists, belongs to the token's user and has not expired, so ending a session
 * (logout, password reset, removal, disable) is deleting rows, and a token can never start
 * reading another user: a reissued user id has no row of the old token.
 */
export interface SessionRow extends Row {
  userId: number;
  /** SHA-256 (hex) of the session id in the JWT; the id itself is never stored. */
  tokenHash: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

const SESSIONS = 'sessions';

/** `lastUsedAt` is written at most this often per session, not on every request. */
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

const rows = (store: Store): SessionRow[] => store.rows<SessionRow>(SESSIONS);

const removeWhere = (store: Store, predicate: (row: SessionRow) => boolean): number => {
  const list = rows(store);
  let removed = 0;
  for (let index = list.length - 1; index >= 0; index -= 1) {
    const row = list[index];
    if (row && predicate(row)) {
      list.splice(index, 1);
      removed += 1;
    }
  }
  return removed;
};

/** Removes the rows that expired; the caller writes (nothing is written when none expired). */
export const purgeExpiredSessions = (store: Store, now: Date): number => removeWhere(store, (row) => Date.parse(row.expiresAt) <= now.getTime());

/**
 * A new session for `userId`: its random id (for the JWT) and its row. Expired rows of every
 * user are purged on the way, so the collection only holds live sessions. Not written: the
 * login writes once with the user's last-seen time.
 */
export const openSession = (store: Store, userId: number, now: Date): { sessionId: string; row: SessionRow } => {
  purgeExpiredSessions(store, now);
  const sessionId = randomBytes(32).toString('base64url');
  const list = rows(store);
  const row: SessionRow = {
    id: store.nextId(SESSIONS),
    userId,
    tokenHash: sha256(sessionId),
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
  };
  list.push(row);
  return { sessionId, row };
};

/** The live row of a session id issued to `userId`, or undefined (unknown, ended, expired, another user's). */
export const liveSession = (store: Store, sessionId: string, userId: number, now: Date): SessionRow | undefined => {
  const tokenHash = sha256(sessionId);
  const row = rows(store).find((r) => r.tokenHash === tokenHash);
  if (!row || row.userId !== userId || Date.parse(row.expiresAt) <= now.getTime()) return undefined;
  return row;
};

/** Ends one session (logout). Returns whether a row was removed; the caller writes. */
export const endSession = (store: Store, sessionId: string): boolean => {
  const tokenHash = sha256(sessionId);
  return removeWhere(store, (row) => row.tokenHash === tokenHash) > 0;
};

/** Ends every session of a user (password reset, removal, disable). The caller writes. */
export const endUserSessions = (store: Store, userId: number): number => removeWhere(store, (row) => row.userId === userId);

/** Whether `lastUsedAt` is old enough to be written again. */
export const isLastUsedStale = (row: SessionRow, now: Date): boolean => now.getTime() - Date.parse(row.lastUsedAt) >= LAST_USED_RESOLUTION_MS;
