/**
 * The English text of every validation message key of the schemas, without the schemas: the
 * admin's catalogue needs the texts on every screen, the schemas (zod, tldts, the billing
 * validators) only on the forms that use them (docs/performance.md).
 */

// billing.ts
export const billingValidationMessages = {
  'validation.required': 'This field is required.',
  'validation.max_length_255': 'This value is too long. It should have 255 characters or less.',
  'validation.max_length_500': 'This value is too long. It should have 500 characters or less.',
  'validation.company_name_required': 'Company name is required.',
  'validation.email_required': 'Email is required.',
  'validation.email_length': 'Email must be between 2 and 255 characters.',
  'validation.email_invalid': 'This value is not a valid email address.',
  'validation.address_required': 'Address is required.',
  'validation.postal_code_required': 'Postal code is required.',
  'validation.postal_code_invalid': 'This postal code is not valid.',
  'validation.city_required': 'City is required.',
  'validation.country_required': 'Country is required.',
  'validation.country_invalid': 'Choose a country from the list.',
  'validation.phone_prefix_required': 'Phone prefix is required.',
  'validation.phone_prefix_invalid': 'This phone prefix does not match the country.',
  'validation.phone_required': 'Phone number is required.',
  'validation.phone_invalid': 'This phone number is not valid for the country.',
  'validation.vat_number_required': 'A VAT number is needed.',
  'validation.vat_number_invalid': 'This VAT number is not valid for the country.',
  'validation.coupon_invalid': 'This coupon code is not valid.',
  'validation.coupon_unknown': 'This coupon does not exist.',
  'validation.coupon_expired': 'This coupon has expired.',
  'validation.card_number_required': 'Card number is required.',
  'validation.card_number_invalid': 'This card number is not valid.',
  'validation.card_expiry_required': 'Expiration date is required.',
  'validation.card_expiry_invalid': 'This expiration date is not valid or has passed.',
  'validation.card_cvc_required': 'CVC is required.',
  'validation.card_cvc_invalid': 'This CVC is not valid.',
  'validation.plan_invalid': 'Plan must be essential or professional.',
  'validation.billing_interval_invalid': 'Billing interval must be month or year.',
  'validation.payment_type_invalid': 'Payment type must be one of stripe, individual, manual_stripe, external, free.',
  'validation.domains_count_invalid': 'Domains count must be a whole number between 1 and 1000.',
  'validation.domains_count_too_low': 'Domains count cannot be lower than the number of public domains.',
} as const;

// consentSolution.ts
export const consentSolutionValidationMessages = {
  'validation.name_required': 'Name is required.',
  'validation.max_length_255': 'This value is too long. It should have 255 characters or less.',
  'validation.languages_not_unique': 'Each additional language can be chosen once.',
  'validation.additional_language_is_default': 'The default language cannot also be an additional language.',
  'validation.boolean_required': 'Choose yes or no.',
} as const;

// cookie.ts
export const cookieValidationMessages = {
  'validation.cookie_name_required': 'The cookie name is required.',
  'validation.cookie_name_invalid': 'A cookie name cannot contain spaces, commas, semicolons or equals signs.',
  'validation.cookie_domain_required': 'The cookie domain is required.',
  'validation.cookie_domain_invalid': 'The cookie domain must be a host name such as .example.com.',
  'validation.cookie_category_invalid': 'Category must be one of necessary, functional, statistics, marketing, unclassified.',
  'validation.cookie_expiry_invalid': 'Expiry must be a number of days between 0 and 3650, or empty for a session cookie.',
  'validation.cookie_source_invalid': 'Source must be scanner or manual.',
  'validation.data_processor_name_required': 'The data processor needs a name.',
  'validation.data_processor_privacy_policy_required': 'The data processor needs a privacy policy URL.',
  'validation.data_processor_privacy_policy_invalid': 'The privacy policy must be an http or https URL.',
  'validation.data_processor_required': 'Statistics and marketing cookies need a data processor with a name and a privacy policy URL.',
  'validation.max_length_255': 'This value is too long. It should have 255 characters or less.',
  'validation.max_length_500': 'This value is too long. It should have 500 characters or less.',
  'error.backend.cookie_already_exists': 'This consent solution already has a cookie with this name and domain.',
  'error.backend.cookie_not_found': 'Cookie not found.',
} as const;

// domain.ts
export const domainValidationMessages = {
  'validation.url_required': 'Url is required.',
  'validation.domain_not_canonical': 'Domain is not in canonical form (without http/s protocol and www.).',
  'validation.required': 'This field is required.',
  'validation.domain_type_invalid': 'Domain type must be one of website, internal_alias, external_alias.',
  'validation.scan_depth_invalid': 'Scan depth must be one of 500, 5000, 15000.',
  'validation.scan_frequency_invalid': 'Scan frequency must be daily, weekly, monthly or no scan.',
  'validation.language_invalid': 'Choose a language from the list.',
} as const;

// domain.ts
/** The business rules' messages (dev-server/rules/domainRules.ts), shown by the app too. */
export const domainRuleMessages = {
  'error.backend.domain_already_exists': 'This canonical domain already exists or is in use.',
  'error.backend.root_domain_other_account': 'The root domain of this domain belongs to another account.',
  'error.backend.domain_immutable': 'The canonical domain and the type cannot be changed after creation.',
  'error.backend.last_public_domain': 'The last public domain of the last consent solution cannot be removed.',
  'error.backend.consent_solution_has_active_domains': 'A consent solution cannot be removed while it has active domains.',
} as const;

// template.ts
export const templateValidationMessages = {
  'validation.template_name_required': 'Template name is required.',
  'validation.template_name_too_long': 'This value is too long. It should have 100 characters or less.',
  'validation.template_html_required': 'HTML is required.',
  'validation.template_css_required': 'CSS is required.',
  'validation.template_js_required': 'JS is required.',
  'validation.template_display_function_required': 'Display function is required.',
  'validation.template_hide_function_required': 'Hide function is required.',
  'validation.template_field_too_long': 'This value is too long. It should have 15000 characters or less.',
  'validation.template_placeholder_unknown': 'This template uses a placeholder that does not exist.',
  'validation.template_function_invalid': 'This function does not compile.',
  'validation.template_mode_invalid': 'Choose the default or a custom template.',
  'error.backend.template_not_found': 'Template not found.',
  'error.backend.template_version_not_found': 'Template version not found.',
  'error.backend.template_in_use': 'This template is used by a consent solution and cannot be removed.',
  'error.backend.template_regeneration_failed': 'The pop-up could not be regenerated from its template. Fix the template and publish again.',
  'error.backend.cdn_publishing_failed': 'The pop-up could not be published to the CDN. Nothing was changed; please try again.',
  'error.backend.not_published': 'This consent solution has not been published yet.',
} as const;

// translations.ts
export const translationValidationMessages = {
  'validation.translation_required': 'This translation text is required.',
  'validation.max_length_255': 'This value is too long. It should have 255 characters or less.',
  'validation.max_length_500': 'This value is too long. It should have 500 characters or less.',
  'validation.language_not_in_solution': 'This language is not one of the consent solution’s languages.',
  'validation.translation_key_unknown': 'This translation key does not exist.',
  'validation.import_format_invalid': 'The file could not be read: use the JSON or CSV export format.',
  'validation.import_empty': 'The file holds no rows.',
  'validation.import_too_many_rows': 'The file holds too many rows.',
  'validation.import_duplicate_row': 'This row repeats an earlier row of the file.',
  'validation.translation_no_default': 'There is no default text for this in this language.',
} as const;

// privacyStandards.ts
/** STD-1: the longest `wait_for_update` the admin accepts. */
export const WAIT_FOR_UPDATE_MAX_MS = 10_000;

export const privacyStandardsValidationMessages = {
  'validation.wait_for_update_range': `Enter a whole number of milliseconds from 0 to ${WAIT_FOR_UPDATE_MAX_MS}.`,
} as const;

// tcf.ts
export const tcfValidationMessages = {
  'validation.tcf_country_invalid': 'The publisher country must be a two-letter ISO 3166 code, such as FR.',
  'validation.tcf_country_required': 'Enter the publisher country (a two-letter code, such as FR) to switch TCF on: every TC string names it.',
  'validation.tcf_vendor_unknown': 'This vendor is not in the Global Vendor List.',
  'validation.tcf_vendor_duplicate': 'This vendor is chosen twice.',
  'validation.tcf_vendors_too_many': 'At most 1000 vendors can be chosen.',
  'validation.tcf_purpose_invalid': 'A purpose is a number from 1 to 11.',
  'validation.tcf_li_purpose_not_allowed': 'TCF 2.2 allows no legitimate interest for purposes 1 and 3 to 6.',
  'validation.tcf_li_purpose_not_declared': 'This vendor does not declare legitimate interest (or a flexible basis) for this purpose.',
  'validation.tcf_restriction_invalid': 'A restriction is require-consent or not-allowed.',
  'validation.tcf_restriction_vendor_not_chosen': 'A restriction applies to a chosen vendor only.',
  'validation.tcf_restriction_duplicate': 'This vendor and purpose already have a restriction.',
  'error.backend.gvl_unavailable': 'The Global Vendor List is not available.',
} as const;

// STD-13, STD-14: the standards as their own documents define them (GPP settings, Additional Consent).
export const standardsDocumentsValidationMessages = {
  'validation.tcf_ac_provider_unknown': "This provider is not on Google's Additional Consent list.",
  'validation.gpp_section_invalid': 'Choose a GPP section from the list.',
} as const;
