import { HttpError, type fetchUtils } from 'ra-core';
import { apiFetch, type ApiResponse } from './apiClient';
import { ALREADY_NOTIFIED } from '../notifications/alreadyNotified';
import { isApiError } from '../shared/apiError';
import { notifyApiError } from '../notifications/notifyApiError';
import { ACCOUNT_HEADER, getActingAccount } from '../session/actingAccount';

export interface HttpClientOptions extends fetchUtils.Options {
  /** The translation key of the toast when the API gives no violations (ERR-4). */
  defaultErrorKey?: string;
  /** A download: the answer as a Blob (ApiResponse.blob). */
  asBlob?: boolean;
}

const toHeaders = (headers: fetchUtils.Options['headers']): HeadersInit | undefined =>
  headers instanceof Headers || Array.isArray(headers) || headers === undefined ? headers : (headers as Record<string, string>);

/**
 * react-admin's side of the API (the `fetchJson` signature that ra-data-json-server expects),
 * on top of apiFetch (credentials, JSON-LD, session reload, 401 logout). Failures become one
 * toast per violation and an HttpError whose `body.errors` react-admin forms show on the
 * fields named by `propertyPath`.
 */
export const httpClient = async (url: string, options: HttpClientOptions = {}): Promise<ApiResponse> => {
  const { defaultErrorKey = 'error.backend.default_error', user: _user, headers, ...init } = options;
  // ROLE-1 operations: every call acts on the account chosen in the switcher, if any.
  const acting = getActingAccount();
  const withAccount = new Headers(toHeaders(headers));
  if (acting !== null) withAccount.set(ACCOUNT_HEADER, String(acting.id));
  try {
    return await apiFetch(url, { ...init, headers: withAccount });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const errors = notifyApiError(error, defaultErrorKey);
    throw new HttpError(ALREADY_NOTIFIED, error.status, { errors, violations: error.violations });
  }
};
