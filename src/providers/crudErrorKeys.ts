import { apiPathOf } from './apiClient';
import { httpClient, type HttpClientOptions } from './httpClient';

/**
 * A resource's own notices for a failed CRUD call that carries no violation (ERR-4), by the
 * resource's first path segment and the call's kind; other resources get the httpClient's
 * generic notice.
 */
const CRUD_ERROR_KEYS: Record<string, { read: string; write: string; remove: string }> = {
  'popup-templates': { read: 'popup.notifications.load_error', write: 'popup.notifications.save_error', remove: 'popup.notifications.delete_error' },
};

const kindOf = (method: string | undefined): 'read' | 'write' | 'remove' => {
  const verb = (method ?? 'GET').toUpperCase();
  return verb === 'GET' ? 'read' : verb === 'DELETE' ? 'remove' : 'write';
};

/** The httpClient that ra-data-json-server calls, with the resource's notice as the default. */
export const crudHttpClient = (url: string, options: HttpClientOptions = {}) => {
  const keys = CRUD_ERROR_KEYS[apiPathOf(url).split('/')[1] ?? ''];
  return httpClient(url, keys === undefined ? options : { defaultErrorKey: keys[kindOf(options.method)], ...options });
};
