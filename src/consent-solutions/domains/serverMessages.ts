import type { Violation } from '../../shared/violations';
import { isViolationBody } from '../../shared/violations';

/**
 * The API's violations carried by a failed react-admin call (the dataProvider rejects with an
 * HttpError whose body keeps them), so a screen can repeat the server's reason next to the
 * action that failed, e.g. "the last public domain cannot be removed".
 */
export const violationsOf = (error: unknown): Violation[] => {
  if (typeof error !== 'object' || error === null) return [];
  const body = (error as { body?: unknown }).body;
  return isViolationBody(body) ? body.violations : [];
};

/** Each violation as its translated message key, or the API's English text when the key is unknown. */
export const serverMessages = (error: unknown, translate: (key: string, options?: Record<string, unknown>) => string): string[] =>
  violationsOf(error).map((violation) => translate(violation.payload.messageKey, { _: violation.message }));
