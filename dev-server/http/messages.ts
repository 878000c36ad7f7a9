/**
 * English text for every message key the dev API answers with. Clients translate `messageKey`;
 * `message` is a readable fallback (docs/api.md, "Message keys").
 */
const messages: Record<string, string> = {
  'error.backend.invalid_credentials': 'Invalid credentials.',
  'error.backend.not_activated_user': 'Not activated user - check your email box.',
  'error.backend.user_disabled': 'This user is disabled.',
  'error.backend.too_many_attempts': 'Too many attempts. Please wait a few minutes and try again.',
  'error.backend.unauthorized': 'Authentication required.',
  'error.backend.token_not_found': 'Token not found.',
  'error.backend.invalid_csrf_token': 'The form has expired. Please request a new link.',
  'error.backend.passwords_must_match': 'Passwords must match.',
  'error.backend.not_found': 'Not found.',
  'error.backend.permission_denied': 'You are not allowed to do this.',
  'error.backend.empty_or_malformed_body': 'Empty or malformed request body.',
  'error.backend.unsupported_media_type': 'Unsupported content type.',
  'error.backend.payload_too_large': 'Request body too large.',
  'error.backend.method_not_allowed': 'Method not allowed.',
  'error.backend.invalid_query': 'Invalid query parameter.',
  'error.backend.default_error': 'Something went wrong.',
  'auth.password_rule_length': 'At least 10 characters.',
  'auth.password_rule_lowercase': 'At least one lowercase letter.',
  'auth.password_rule_uppercase': 'At least one uppercase letter.',
  'auth.password_rule_numeric': 'At least one number.',
  'validation.required': 'This value is required.',
  'validation.password_required': 'Password is required.',
  'validation.email_required': 'Email is required.',
  'validation.email_length': 'Email must be between 2 and 255 characters.',
  'validation.email_invalid': 'This value is not a valid email address.',
  'validation.max_length_4096': 'This value is too long (4096 characters at most).',
};

/** Unknown keys (e.g. a schema added later) fall back to the key itself rather than failing. */
export const messageFor = (messageKey: string): string => messages[messageKey] ?? messageKey;
