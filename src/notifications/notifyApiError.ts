import type { Violation } from '../shared/violations';
import { isApiError } from '../shared/apiError';
import { hasTranslation, translate } from '../i18n/i18n';
import { notify } from './notify';

/** A violation's text: its translated key, else the API's English message, else the default. */
export const translateViolation = (violation: Violation, defaultKey: string): string => {
  const key = violation.payload.messageKey;
  if (hasTranslation(key)) return translate(key);
  return violation.message || translate(defaultKey);
};

/**
 * ERR-4: one error toast per violation with its translated key, otherwise one toast with the
 * caller's default. A 401 outside login was already handled by the forced logout (ST-4), so it
 * adds nothing here. Returns the field errors by property path, for the form.
 */
export const notifyApiError = (error: unknown, defaultKey: string, { isLoginCall = false } = {}): Record<string, string> => {
  const fieldErrors: Record<string, string> = {};
  if (isApiError(error) && error.status === 401 && !isLoginCall) return fieldErrors;
  const violations = isApiError(error) ? error.violations : [];
  if (violations.length === 0) {
    // No answer at all: the caller's "could not be saved" would hide that nothing reached the server.
    notify(isApiError(error) && error.status === 0 ? 'error.api_unreachable' : defaultKey, { type: 'error' });
    return fieldErrors;
  }
  for (const violation of violations) {
    const text = translateViolation(violation, defaultKey);
    notify(text, { type: 'error' });
    if (violation.propertyPath !== '' && fieldErrors[violation.propertyPath] === undefined) {
      fieldErrors[violation.propertyPath] = text;
    }
  }
  return fieldErrors;
};
