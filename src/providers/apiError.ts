import { HttpError } from 'ra-core';
import { isViolationBody, type Violation } from '../shared/violations';

/**
 * The message of every HttpError the httpClient rejects with. Its toasts were already shown
 * (ERR-4), so AdminNotification drops react-admin's own notice carrying this message:
 * one toast per problem, never two.
 */
export const ALREADY_NOTIFIED = 'app.error_already_notified';

/** Whether a failed call already showed its toasts; only other failures still need a notice. */
export const isAlreadyNotified = (error: unknown): boolean => error instanceof HttpError && error.message === ALREADY_NOTIFIED;

/** A failed API call: its HTTP status (0 when the network failed) and the API's violations. */
export class ApiError extends Error {
  readonly status: number;
  readonly violations: Violation[];
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    const violations = isViolationBody(body) ? body.violations : [];
    super(message ?? violations[0]?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.violations = violations;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
