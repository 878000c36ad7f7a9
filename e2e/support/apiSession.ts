import type { Page } from 'playwright-core';
import { login } from '../../dev-server/test/http';

/** One JSON call on the dev API with a session cookie; throws on an error answer. */
export const apiCall = async <T>(apiUrl: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text === '' ? null : JSON.parse(text)) as T;
};

/** A JSON client on the dev API signed in as `email`, to set up data the way another client would. */
export const apiSession = async (apiUrl: string, email: string) => {
  const cookie = await login(apiUrl, email);
  return <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(apiUrl, cookie, method, path, body);
};

/** Waits for the published banner's next `consent:recorded` event and returns the record's id. */
export const nextRecord = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        window.addEventListener('consent:recorded', (e) => resolve(String((e as CustomEvent<{ id: string }>).detail.id)), { once: true });
        window.addEventListener('consent:record-failed', (e) => reject(new Error(JSON.stringify((e as CustomEvent).detail))), { once: true });
      }),
  );
