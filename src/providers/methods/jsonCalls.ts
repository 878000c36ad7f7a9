import type { Identifier } from 'ra-core';
import { httpClient } from '../httpClient';

/**
 * The two shapes of a custom method's call, over the httpClient (one toast per violation, else
 * the method's default notice): read JSON, or send JSON and read the answer.
 */

/** An id as one URL path segment. */
export const segment = (id: Identifier): string => encodeURIComponent(String(id));

export const getJson = async <T>(path: string, defaultErrorKey?: string): Promise<T> => (await httpClient(path, { defaultErrorKey })).json as T;

export const sendJson = async <T>(path: string, method: 'POST' | 'PUT', body: unknown, defaultErrorKey?: string): Promise<T> =>
  (await httpClient(path, { method, body: body === undefined ? undefined : JSON.stringify(body), defaultErrorKey })).json as T;
