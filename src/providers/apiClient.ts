import { env } from '../config/env';
import { ApiError } from '../shared/apiError';
import { forceLogout } from '../session/forcedLogout';
import { reloadSession } from '../session/sessionState';
import { nextTask } from '../shared/nextTask';

const JSON_LD = 'application/ld+json';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
  /** With `asBlob`: the answer as a file (the browser may keep a large one on disk), `body` empty. */
  blob?: Blob;
}

interface ApiFetchInit extends RequestInit {
  /** Keep a successful answer as a Blob instead of reading it as text (downloads of any size). */
  asBlob?: boolean;
}

/** An absolute URL for an API path; absolute URLs pass through. */
const apiUrl = (pathOrUrl: string): string => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${env.apiUrl}${pathOrUrl}`);

/** The API path of a URL (no base, no query), to match rules such as "/subscriptions". */
export const apiPathOf = (url: string): string => {
  const path = url.startsWith(env.apiUrl) ? url.slice(env.apiUrl.length) : new URL(url, window.location.origin).pathname;
  return path.split(/[?#]/)[0] || '/';
};

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** ST-4: which responses re-read the session, and which 401s mean "logged out". */
const reloadsUser = (path: string) => !isUnder(path, '/subscriptions');
const forcesLogoutOn401 = (path: string) => !isUnder(path, '/login_check');

const withDefaultHeaders = (init: RequestInit): Headers => {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', JSON_LD);
  // A FormData body needs the browser's multipart boundary, so no Content-Type of ours.
  if (!headers.has('Content-Type') && init.body !== undefined && !(init.body instanceof FormData)) {
    headers.set('Content-Type', JSON_LD);
  }
  return headers;
};

const parseJson = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The one place that calls `fetch` (API-1): the configured base URL, credentials, JSON-LD by
 * default, no retries and no timeout. After every response it re-reads the session (except for
 * `/subscriptions`); a 401 outside `/login_check` logs out (ST-4). Rejects with an ApiError for
 * a failed status or network; turning that into toasts is the caller's job (see httpClient.ts
 * and notifyApiError.ts), because each caller has its own default message.
 */
export const apiFetch = async <T = unknown>(pathOrUrl: string, { asBlob = false, ...init }: ApiFetchInit = {}): Promise<ApiResponse<T>> => {
  const url = apiUrl(pathOrUrl);
  const path = apiPathOf(url);
  let response: Response;
  // Each request in a task of its own: a screen's queries start together, from React's passive
  // effects, and a cross-origin `fetch` call costs the main thread 0.5–2 ms at 1x CPU on an idle
  // page, more while one loads; on the installation tab their calls made one task of 50–70 ms
  // (docs/performance.md).
  await nextTask();
  try {
    response = await fetch(url, { ...init, headers: withDefaultHeaders(init), credentials: 'include' });
  } catch (error) {
    throw new ApiError(0, undefined, error instanceof Error ? error.message : String(error));
  }
  if (asBlob && response.ok) {
    const blob = await response.blob();
    if (reloadsUser(path)) reloadSession();
    return { status: response.status, headers: response.headers, body: '', json: undefined as T, blob };
  }
  const body = await response.text();
  const json = parseJson(body);
  if (reloadsUser(path)) reloadSession();
  if (response.status === 401 && forcesLogoutOn401(path)) forceLogout();
  if (!response.ok) throw new ApiError(response.status, json);
  return { status: response.status, headers: response.headers, body, json: json as T };
};
