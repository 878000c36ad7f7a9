import type { ErrorSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { groupFieldKeys, LONG_TEXT_MAX, SHORT_TEXT_MAX, textSchemaOf, type TranslationGroup } from '../../schemas/translations';
import type { Violation } from '../../shared/violations';

/**
 * Pure pieces of the translation forms: the rjsf ui schema (labels, help, multi-line fields),
 * ajv's errors as the shared message keys, and the API's violations as rjsf field errors.
 * The JSON Schema itself comes from src/schemas/translations.ts (`groupJsonSchema`).
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The maximum of one text, read from its zod schema (so a changed rule changes the form too). */
export const maxLengthOf = (group: TranslationGroup, field: string): number =>
  textSchemaOf(`${group}.${field}`)?.safeParse('x'.repeat(SHORT_TEXT_MAX + 1)).success ? LONG_TEXT_MAX : SHORT_TEXT_MAX;

const leafLabelKey = (group: TranslationGroup, field: string): string =>
  group === 'categories' ? `translations.fields.categories.${field.split('.').at(-1) ?? field}` : `translations.fields.${group}.${field}`;

/** The rjsf id of a field (`root_bannerHeading`, `root_necessary_sdk`), to focus it. */
export const fieldId = (field: string): string => `root_${field.split('.').join('_')}`;

const leafUi = (group: TranslationGroup, field: string, translate: Translate): UiSchema => {
  const max = maxLengthOf(group, field);
  const multiline = max === LONG_TEXT_MAX;
  const isSdk = field.endsWith('sdk');
  return {
    'ui:title': translate(leafLabelKey(group, field)),
    'ui:help': isSdk ? translate('translations.help.sdk') : translate('translations.help.short', { max }),
    ...(multiline ? { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } } : {}),
  };
};

/** Labels for every field, help with the maximum, text areas for the 500-character texts. */
export const groupUiSchema = (group: TranslationGroup, translate: Translate): UiSchema => {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const field of groupFieldKeys(group)) {
    const parts = field.split('.');
    if (parts.length === 1) ui[field] = leafUi(group, field, translate);
    else {
      const [category = '', leaf = ''] = parts;
      const node = (ui[category] ??= { 'ui:title': translate(`translations.categories.${category}`) }) as UiSchema;
      node[leaf] = leafUi(group, field, translate);
    }
  }
  return ui;
};

/** ajv's errors in the shared wording: the same keys the API answers with. */
export const translateFormErrors =
  (translate: Translate) =>
  (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => {
      if (error.name === 'maxLength') {
        const limit = Number((error.params as { limit?: unknown } | undefined)?.limit);
        return { ...error, message: translate(limit === SHORT_TEXT_MAX ? 'validation.max_length_255' : 'validation.max_length_500') };
      }
      if (error.name === 'required' || error.name === 'minLength') return { ...error, message: translate('validation.translation_required') };
      return error;
    });

/** The API's violations (`bannerHeading`, `marketing.name`) as rjsf's nested error schema. */
export const violationsToErrorSchema = (violations: readonly Violation[], translate: Translate): ErrorSchema => {
  const schema: Record<string, unknown> = {};
  for (const violation of violations) {
    if (violation.propertyPath === '') continue;
    let node = schema;
    for (const part of violation.propertyPath.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    const list = (node.__errors ??= []) as string[];
    list.push(translate(violation.payload.messageKey));
  }
  return schema as ErrorSchema;
};
