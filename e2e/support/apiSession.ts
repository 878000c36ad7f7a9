import { login } from '../../dev-server/test/http';

/** A JSON client on the dev API signed in as `email`, to set up data the way another client would. */
export const apiSession = async (apiUrl: string, email: string) => {
  const cookie = await login(apiUrl, email);
  return async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${apiUrl}${path}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text === '' ? null : JSON.parse(text)) as T;
  };
};
