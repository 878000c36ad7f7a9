import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { parseSetCookie, type SetCookie } from 'cookie';
// Not the seed's index nor ./startTestServer: each browser test file imports this module, and
// those load the whole server (11 s of a test file's start on a loaded machine).
import { DEMO_PASSWORD } from '../seed/demoData';
import { devHeaders } from './devSecret';

/** Small fetch helpers for the API tests. */

export const setCookies = (res: Response): SetCookie[] => res.headers.getSetCookie().map((c) => parseSetCookie(c));

/** The Cookie header a browser would send back after this response. */
export const cookieHeader = (res: Response): string =>
  setCookies(res)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

export const postJson = (baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export const login = async (baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> => {
  const res = await postJson(baseUrl, '/login_check', { email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  return cookieHeader(res);
};

export const messageKeys = async (res: Response): Promise<string[]> => {
  const body = (await res.json()) as { violations?: { payload: { messageKey: string } }[] };
  return (body.violations ?? []).map((v) => v.payload.messageKey);
};

export const violationsOf = async (res: Response): Promise<{ propertyPath: string; messageKey: string }[]> => {
  const body = (await res.json()) as { violations: { propertyPath: string; payload: { messageKey: string } }[] };
  return body.violations.map((v) => ({ propertyPath: v.propertyPath, messageKey: v.payload.messageKey }));
};

export const multipart = (fields: Record<string, string>): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** The token and form token of the newest emailed `/newpassword/{token}/{csrf}/` link to `email` (dev outbox). */
export const latestLinkTokens = async (baseUrl: string, email: string): Promise<{ token: string; csrf: string }> => {
  const outbox = (await (await fetch(`${baseUrl}/dev/outbox`, { headers: devHeaders() })).json()) as { to: string; link: string }[];
  const link = outbox.filter((mail) => mail.to === email).at(-1)?.link ?? '';
  const match = /\/newpassword\/([^/]+)\/([^/]+)\/$/.exec(link);
  if (!match?.[1] || !match[2]) throw new Error(`no password link for ${email} in the outbox`);
  return { token: match[1], csrf: match[2] };
};

/** Follows the newest emailed password link of `email` (reset or invitation) and sets `password`. */
export const setPasswordByEmailLink = async (baseUrl: string, email: string, password: string): Promise<Response> => {
  const { token, csrf } = await latestLinkTokens(baseUrl, email);
  return fetch(`${baseUrl}/lost-password/reset/${token}`, {
    method: 'POST',
    body: multipart({
      'fos_user_resetting_form[plainPassword][first]': password,
      'fos_user_resetting_form[plainPassword][second]': password,
      'fos_user_resetting_form[_token]': csrf,
    }),
  });
};

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * A request through node:http, for what fetch cannot do: send its own `Host` header, or leave
 * from another local address (`127.0.0.2`, a LAN address) to look like another client.
 */
export const rawRequest = (
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });

export const rawMessageKeys = (res: RawResponse): string[] =>
  ((JSON.parse(res.text) as { violations?: { payload: { messageKey: string } }[] }).violations ?? []).map((v) => v.payload.messageKey);
