// From the tables alone, not the schema modules: the catalogue must not pull zod and tldts in.
import {
  billingValidationMessages,
  consentSolutionValidationMessages,
  cookieValidationMessages,
  domainRuleMessages,
  domainValidationMessages,
  privacyStandardsValidationMessages,
  standardsDocumentsValidationMessages,
  tcfValidationMessages,
  templateValidationMessages,
  translationValidationMessages,
} from './validationMessages';

/**
 * The one English text of every message key the dev API answers with and the forms show.
 * The API puts it in `message`; the admin's catalogue shows it (and translates it to French).
 * `coreMessages` are the ones the login route needs: its small catalogue (src/i18n/en.ts)
 * carries them, and a test keeps both in step.
 */
export const coreMessages = {
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
  'error.backend.cross_site_request': 'Requests from this site are not allowed.',
  'error.backend.host_not_allowed': 'This host name is not served here.',
  'auth.password_rule_length': 'At least 10 characters',
  'auth.password_rule_lowercase': 'At least one lowercase letter',
  'auth.password_rule_uppercase': 'At least one uppercase letter',
  'auth.password_rule_numeric': 'At least one number',
  'validation.required': 'This field is required.',
  'validation.password_required': 'Password is required.',
  'validation.email_required': 'Email is required.',
  'validation.email_length': 'Email must be between 2 and 255 characters.',
  'validation.email_invalid': 'This value is not a valid email address.',
  'validation.max_length_4096': 'This value is too long. It should have 4096 characters or less.',
  'validation.url_required': 'Url is required.',
  'validation.domain_not_canonical': 'Domain is not in canonical form (without http/s protocol and www.).',
  'validation.name_required': 'Name is required.',
} as const;

/** Messages of the endpoints and rules that are not schema messages. */
const apiRuleMessages = {
  'error.backend.consent_solution_not_found': 'Consent solution not found.',
  'error.backend.payment_declined': 'Your card was declined.',
  'error.backend.payment_insufficient_funds': 'Your card has insufficient funds.',
  'error.backend.payment_processing_error': 'An error occurred while processing your card. Please try again.',
  'error.backend.payment_expired_card': 'Your card has expired.',
  'error.backend.payment_incorrect_cvc': 'Your card’s security code is incorrect.',
  'error.backend.subscription_not_active': 'This subscription is not active.',
  'error.backend.subscription_locked_dates': 'Subscription dates cannot be changed after the subscription started.',
  'error.backend.subscription_locked_status': 'The subscription status cannot be changed after the subscription started.',
  'error.backend.subscription_locked_compliance_dashboard': 'The compliance dashboard cannot be changed after the subscription started.',
  'error.backend.subscription_locked_payment_method': 'The payment method cannot be changed after the subscription started.',
  'validation.invalid_value': 'This value is not valid.',
  'validation.too_many_domains': 'Too many domains.',
  'validation.max_length_253': 'This value is too long. It should have 253 characters or less.',
  'validation.advance_days_invalid': 'advanceDays must be a number of days between -3650 and 3650, or send { "reset": true }.',
  'validation.account_name_length': 'Account name must be between 2 and 255 characters.',
  'validation.datetime_invalid': 'A valid datetime is required.',
  'validation.subscription_status_invalid': 'Status must be one of trial, active, waiting_for_payment, expiring, inactive.',
  'error.backend.origin_not_allowed': 'This site is not one of the consent solution’s domains.',
  'error.backend.too_many_requests': 'Too many requests. Please wait a minute and try again.',
  'error.backend.consent_record_not_found': 'Consent record not found.',
  'error.backend.report_unavailable': 'A report cannot be displayed at the moment.',
  'validation.date_range_invalid': 'Choose a start date before the end date (at most two years).',
} as const;

/**
 * ROLE-3 / ERR-2: the not-allowed cases of spec section 6 (403 answers of the permission
 * matrix, src/shared/permissions.ts) and the teammate and account rules.
 */
const permissionMessages = {
  'error.backend.not_allowed_edit_global': 'You are not allowed to create or edit global items.',
  'error.backend.not_allowed_create_account': 'You are not allowed to create accounts.',
  'error.backend.not_allowed_delete_account': 'You are not allowed to delete this account.',
  'error.backend.account_has_clients': 'An account with client accounts cannot be deleted: delete or move its clients first.',
  'validation.account_name_confirmation': 'Type the account’s exact name to confirm its deletion.',
  'error.backend.not_allowed_edit_account': 'You are not allowed to edit this account.',
  'error.backend.not_allowed_switch_account': 'You are not allowed to act on this account.',
  'error.backend.not_allowed_delete_website': 'You are not allowed to delete websites.',
  'error.backend.not_allowed_invite_teammate': 'You are not allowed to invite teammates.',
  'error.backend.not_allowed_read_users': 'You are not allowed to read users.',
  'error.backend.not_allowed_delete_user': 'You are not allowed to delete users.',
  'error.backend.not_allowed_delete_self': 'You are not allowed to delete yourself.',
  'error.backend.not_allowed_change_status': 'You are not allowed to change the status.',
  'error.backend.not_allowed_remove_global': 'You are not allowed to remove global templates or texts.',
  'error.backend.not_allowed_read_invoices': 'You are not allowed to read the invoices of this account.',
  'error.backend.not_allowed_read_reports': 'You are not allowed to read the reports of this account.',
  'error.backend.not_allowed_read_audit': 'You are not allowed to read the audit log of this account.',
  'error.backend.last_active_user': 'The last active user of an account cannot be removed.',
  'error.backend.teammate_already_exists': 'A user with this email already exists.',
  'validation.account_name_required': 'Account name is required.',
} as const;

/** BEYOND-4 / BEYOND-8: the cookie scanner's answers. */
const scannerMessages = {
  'error.backend.scanner_unavailable': 'The cookie scanner is not available on this server (no Chromium).',
  'error.backend.scan_in_progress': 'A scan of this domain is already queued or running.',
  'error.backend.health_check_in_progress': 'A health check of this domain is already queued or running.',
  'error.backend.no_scan_to_cancel': 'This domain has no scan waiting or running.',
  'validation.domain_internal_address': 'This domain points to an internal address: the scanner cannot crawl it.',
  'validation.findings_required': 'Select at least one finding.',
  'validation.finding_unknown': 'This finding does not exist or was already handled.',
} as const;

/** DEPLOY-4 / DEPLOY-5: domain ownership, and what a consent record or a query may carry. */
const deployMessages = {
  'validation.tc_string_without_tcf': 'This consent solution does not use the IAB TCF: a record cannot carry a TC string.',
  'validation.gpp_string_without_gpp': 'The published banner of this consent solution does not use the IAB GPP: a record cannot carry a GPP string.',
  'validation.category_not_offered': 'The published banner does not offer this category.',
  'validation.control_characters': 'This value contains control characters, which are not allowed.',
  'error.backend.domain_not_verified': 'Verify that you control this domain first: it is scanned and billed only once verified.',
  'error.backend.domain_claim_expired': 'This claim lapsed without proof of control. Ask for a new token, publish it and verify again.',
  'error.backend.domain_already_verified': 'This domain is already verified.',
  'error.backend.verification_too_soon': 'This domain was just checked. Wait a few seconds before the next check.',
  'error.backend.verification_dns_missing': 'No TXT record at _consent-verification on this domain holds the token.',
  'error.backend.verification_dns_failed': 'The DNS lookup failed. Try again in a few minutes.',
  'error.backend.verification_file_missing': 'The file /.well-known/consent-verification.txt was not found on the domain.',
  'error.backend.verification_file_mismatch': 'The file /.well-known/consent-verification.txt does not hold the token.',
  'error.backend.verification_file_unreachable': 'The domain could not be reached over HTTPS.',
  'error.backend.verification_file_private_address': 'The domain resolves to a private or local address, which is never fetched.',
} as const;

/** Every schema's messages, merged; `messages.test.ts` proves no key has two texts. */
export const messageSources = [
  deployMessages,
  scannerMessages,
  coreMessages,
  apiRuleMessages,
  permissionMessages,
  domainValidationMessages,
  consentSolutionValidationMessages,
  domainRuleMessages,
  billingValidationMessages,
  translationValidationMessages,
  cookieValidationMessages,
  templateValidationMessages,
  tcfValidationMessages,
  privacyStandardsValidationMessages,
  standardsDocumentsValidationMessages,
] as const;

export const messagesEn = {
  ...standardsDocumentsValidationMessages,
  ...deployMessages,
  ...tcfValidationMessages,
  ...scannerMessages,
  ...privacyStandardsValidationMessages,
  ...templateValidationMessages,
  ...translationValidationMessages,
  ...cookieValidationMessages,
  ...billingValidationMessages,
  ...domainRuleMessages,
  ...consentSolutionValidationMessages,
  ...domainValidationMessages,
  ...apiRuleMessages,
  ...permissionMessages,
  ...coreMessages,
};

export type MessageKey = keyof typeof messagesEn;
export type CoreMessageKey = keyof typeof coreMessages;
/** The keys the admin's catalogue (not the login route's) translates. */
export type FeatureMessageKey = Exclude<MessageKey, CoreMessageKey>;

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(messagesEn, key);

/** Unknown keys (a schema added later) fall back to the key itself rather than failing. */
export const englishMessage = (key: string): string => (isMessageKey(key) ? messagesEn[key] : key);
