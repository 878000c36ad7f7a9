/**
 * The app's English catalogue (the fallback language). Flat keys of the spec, such as
 * `notification_logout_message`, stay flat; dotted keys such as `error.backend.*` nest.
 * react-admin's own `ra.*` messages are added by the admin's i18nProvider, not here, so the
 * auth screens do not ship them.
 */
export const en = {
  notification_logout_message: 'You have been logged out.',
  notification_unauthorized_error: 'Your session has expired. Please log in again.',
  notification_default_error: 'Something went wrong',
  common: {
    loading: 'Loading…',
  },
  /** The API's message keys (docs/api.md); the API's English `message` is the same text. */
  error: {
    backend: {
      invalid_credentials: 'Invalid credentials.',
      not_activated_user: 'Not activated user - check your email box.',
      user_disabled: 'This user is disabled.',
      too_many_attempts: 'Too many attempts. Please wait a few minutes and try again.',
      unauthorized: 'Authentication required.',
      token_not_found: 'Token not found.',
      invalid_csrf_token: 'The form has expired. Please request a new link.',
      passwords_must_match: 'Passwords must match.',
      not_found: 'Not found.',
      permission_denied: 'You are not allowed to do this.',
      empty_or_malformed_body: 'Empty or malformed request body.',
      unsupported_media_type: 'Unsupported content type.',
      payload_too_large: 'Request body too large.',
      method_not_allowed: 'Method not allowed.',
      invalid_query: 'Invalid query parameter.',
      default_error: 'Something went wrong.',
      cross_site_request: 'Requests from this site are not allowed.',
      host_not_allowed: 'This host name is not served here.',
    },
    /** A call that got no answer at all (network down, API stopped). */
    api_unreachable: 'The server cannot be reached. Check your connection, then try again.',
  },
  /** VAL-1 client messages and the keys of src/schemas. */
  validation: {
    required: 'This field is required.',
    email_required: 'Email is required.',
    email_length: 'Email must be between 2 and 255 characters.',
    email_invalid: 'This value is not a valid email address.',
    password_required: 'Password is required.',
    max_length_4096: 'This value is too long. It should have 4096 characters or less.',
    url_required: 'Url is required.',
    domain_not_canonical: 'Domain is not in canonical form (without http/s protocol and www.).',
    name_required: 'Name is required.',
    card_number_required: 'Card number is required.',
    expiration_date_required: 'Expiration date is required.',
    cvc_required: 'CVC is required.',
  },
  auth: {
    password_rule_length: 'At least 10 characters',
    password_rule_lowercase: 'At least one lowercase letter',
    password_rule_uppercase: 'At least one uppercase letter',
    password_rule_numeric: 'At least one number',
    password_rule_met: 'met',
    password_rule_unmet: 'not met',
    confirmation_password_notification_default_error: 'Your password could not be saved. Please try again or request a new link.',
    get_account_details_default_error: 'Your account details could not be loaded.',
    back_to_login: 'Back to login',
    email: 'Email',
    password: 'Password',
    show_password: 'Show password',
    hide_password: 'Hide password',
    login: {
      title: 'Log in',
      submit: 'Log in',
      forgot_password: 'Forgot your password?',
      no_account: 'No account yet?',
      sign_up: 'Sign up',
    },
    recovery: {
      title: 'Reset your password',
      description: 'Enter the email address of your account and we will send you a link to set a new password.',
      submit: 'Send',
      sent_title: 'Check your inbox',
      sent_text: 'If an account exists for {{email}}, we have sent it a link to set a new password. The link is valid for 24 hours.',
    },
    new_password: {
      title: 'Set a new password',
      label: 'New password',
      rules_title: 'Your password must contain:',
      submit: 'Save password',
      created_title: 'Your account is activated',
      created_text: 'Your password has been created and your account is now active. You can log in.',
      reset_title: 'Your password has been changed',
      reset_text: 'Your password has been reset. You can log in with your new password.',
      continue: 'Continue to login',
    },
  },
};

export type AppMessages = typeof en;
