import type { Request, Response } from 'express';
import { parseCookie, stringifySetCookie, type SerializeOptions } from 'cookie';
import { SESSION_TTL_SECONDS } from './jwt';

/** JWT `header.payload`: readable by the app (it decodes the user from it). */
const HP_COOKIE = 'ci_hp';
/** JWT signature: HttpOnly, so script on the page can never rebuild a usable token. */
const SIG_COOKIE = 'ci_s';

const base = (secure: boolean): SerializeOptions => ({ path: '/', sameSite: 'strict', secure });

export const setSessionCookies = (res: Response, jwt: string, secure: boolean): void => {
  const lastDot = jwt.lastIndexOf('.');
  const headerPayload = jwt.slice(0, lastDot);
  const signature = jwt.slice(lastDot + 1);
  res.append('Set-Cookie', stringifySetCookie(HP_COOKIE, headerPayload, { ...base(secure), maxAge: SESSION_TTL_SECONDS }));
  res.append('Set-Cookie', stringifySetCookie(SIG_COOKIE, signature, { ...base(secure), httpOnly: true, maxAge: SESSION_TTL_SECONDS }));
};

export const clearSessionCookies = (res: Response, secure: boolean): void => {
  const expired = { ...base(secure), maxAge: 0, expires: new Date(0) };
  res.append('Set-Cookie', stringifySetCookie(HP_COOKIE, '', expired));
  res.append('Set-Cookie', stringifySetCookie(SIG_COOKIE, '', { ...expired, httpOnly: true }));
};

/** The JWT rebuilt from both cookies, or null when either is missing. */
export const readSessionToken = (req: Request): string | null => {
  const cookies = parseCookie(req.headers.cookie ?? '');
  const headerPayload = cookies[HP_COOKIE];
  const signature = cookies[SIG_COOKIE];
  if (!headerPayload || !signature) return null;
  return `${headerPayload}.${signature}`;
};
