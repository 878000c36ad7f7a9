import { jwtDecode } from 'jwt-decode';

/** The claims of the session token (docs/api.md, "Session"). */
export interface Session {
  sub: string;
  email: string;
  roles: string[];
  account_id: number | null;
  exp: number;
  iat?: number;
}

/** The readable half of the session JWT (`header.payload`); its signature is HttpOnly. */
export const SESSION_COOKIE = 'ci_hp';

const readCookie = (name: string): string | null => {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
};

const isSession = (claims: unknown): claims is Session => {
  if (typeof claims !== 'object' || claims === null) return false;
  const c = claims as Record<string, unknown>;
  return (
    (typeof c.sub === 'string' || typeof c.sub === 'number') &&
    typeof c.email === 'string' &&
    Array.isArray(c.roles) &&
    c.roles.every((role) => typeof role === 'string') &&
    (c.account_id === undefined || c.account_id === null || typeof c.account_id === 'number') &&
    typeof c.exp === 'number'
  );
};

/**
 * ST-2: the session from a `ci_hp` value, or null when it is missing, undecodable, malformed
 * or expired. `header.payload` lacks the signature; jwt-decode only needs the payload part.
 */
export const decodeSession = (token: string | null, nowMs: number = Date.now()): Session | null => {
  if (!token) return null;
  try {
    const claims = jwtDecode<unknown>(token.endsWith('.') ? token : `${token}.`);
    if (!isSession(claims) || claims.exp * 1000 <= nowMs) return null;
    return { ...claims, sub: String(claims.sub), account_id: claims.account_id ?? null };
  } catch {
    return null;
  }
};

/** ST-2: decodes the `ci_hp` cookie now. */
export const readSession = (): Session | null => decodeSession(readCookie(SESSION_COOKIE));

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();
let lastToken: string | null = readCookie(SESSION_COOKIE);
let current: Session | null = decodeSession(lastToken);

/** The session as last loaded: a stable value for `useSyncExternalStore`. */
export const getSession = (): Session | null => current;

export const subscribe = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const publish = (next: Session | null) => {
  current = next;
  for (const listener of listeners) listener(next);
};

/**
 * ST-4 "the current user is reloaded": re-read the cookie; listeners hear only a change
 * (new token, expiry, or removal).
 */
export const reloadSession = (): Session | null => {
  const token = readCookie(SESSION_COOKIE);
  // Called after every API answer: the same token has the same claims, only its expiry can have
  // come (decoding it again cost 1–2 ms at 4x CPU per answer under a profile, docs/performance.md).
  const next = token === lastToken && current !== null ? (current.exp * 1000 > Date.now() ? current : null) : decodeSession(token);
  const changed = token !== lastToken || (next === null) !== (current === null);
  lastToken = token;
  if (changed) publish(next);
  return current;
};

/**
 * Forgets the session on this side: removes the readable cookie (so a reload cannot revive it)
 * and tells listeners. The HttpOnly half is cleared by `POST /logout`.
 */
export const clearSession = (): void => {
  document.cookie = `${SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
  lastToken = null;
  if (current !== null) publish(null);
};
