import { jwtVerify, SignJWT } from 'jose';
import type { Role, User } from '../store/types';

export const SESSION_TTL_SECONDS = 8 * 60 * 60;

interface SessionClaims {
  sub: string;
  email: string;
  roles: Role[];
  account_id: number;
  /** SEC-3: the random session id; its hash names the server-side session row. */
  sid: string;
  iat: number;
  exp: number;
}

const key = (secret: string): Uint8Array => new TextEncoder().encode(secret);

export const signSession = async (user: User, sessionId: string, secret: string, now: Date): Promise<string> => {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: user.email, roles: user.roles, account_id: user.accountId, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_SECONDS)
    .sign(key(secret));
};

/** Null for anything but a well-formed, correctly signed, unexpired HS256 token. */
export const verifySession = async (token: string, secret: string, now: Date): Promise<SessionClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) return null;
    if (typeof payload.sid !== 'string' || payload.sid === '') return null;
    return payload as unknown as SessionClaims;
  } catch {
    return null;
  }
};
