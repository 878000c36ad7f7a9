import { HttpError } from 'ra-core';

/**
 * The message of every HttpError the httpClient rejects with. Its toasts were already shown
 * (ERR-4), so AdminNotification drops react-admin's own notice carrying this message:
 * one toast per problem, never two. Apart from apiError.ts, which the login route loads, so
 * that ra-core's HttpError stays with the admin.
 */
export const ALREADY_NOTIFIED = 'app.error_already_notified';

/** Whether a failed call already showed its toasts; only other failures still need a notice. */
export const isAlreadyNotified = (error: unknown): boolean => error instanceof HttpError && error.message === ALREADY_NOTIFIED;
