import type { ErrorSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import ajvValidator from '@rjsf/validator-ajv8';
import { fieldIssues } from '../../schemas/formResolver';
import {
  groupFieldKeys,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  textAt,
  textSchemaOf,
  translationGroupSchemas,
  type LanguageTexts,
  type TranslationGroup,
} from '../../schemas/translations';
import type { Violation } from '../../shared/violations';

/**
 * Pure pieces of the translation forms: the rjsf ui schema (labels, help, multi-line fields),
 * the validator over the group's zod schema, and the API's violations as rjsf field errors.
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

/** I18N-2: whose a stored text is, the product's default or the customer's own (null: neither shown). */
export type TextOrigin = (field: string) => 'default' | 'own' | null;

/** The label of a field (`bannerHeading`, `marketing.name`), as the form shows it. */
export const fieldLabel = (group: TranslationGroup, field: string, translate: Translate): string => {
  const label = translate(leafLabelKey(group, field));
  const [category, leaf] = field.split('.');
  return group === 'categories' && leaf !== undefined ? `${translate(`translations.categories.${category ?? ''}`)}: ${label}` : label;
};

const leafUi = (group: TranslationGroup, field: string, translate: Translate, origin: TextOrigin): UiSchema => {
  const max = maxLengthOf(group, field);
  const multiline = max === LONG_TEXT_MAX;
  const isSdk = field.endsWith('sdk');
  const help = isSdk ? translate('translations.help.sdk') : translate('translations.help.short', { max });
  const whose = origin(field);
  return {
    'ui:title': translate(leafLabelKey(group, field)),
    'ui:help': whose === null ? help : `${help} ${translate(whose === 'default' ? 'translations.defaults.default_text' : 'translations.defaults.own_text')}`,
    ...(multiline ? { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } } : {}),
  };
};

/** Labels for every field, help with the maximum and whose the text is, text areas for the 500-character texts. */
export const groupUiSchema = (group: TranslationGroup, translate: Translate, origin: TextOrigin = () => null): UiSchema => {
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const field of groupFieldKeys(group)) {
    const parts = field.split('.');
    if (parts.length === 1) ui[field] = leafUi(group, field, translate, origin);
    else {
      const [category = '', leaf = ''] = parts;
      const node = (ui[category] ??= { 'ui:title': translate(`translations.categories.${category}`) }) as UiSchema;
      node[leaf] = leafUi(group, field, translate, origin);
    }
  }
  return ui;
};

/** Field errors (`bannerHeading`, `marketing.name`) as rjsf's nested error schema. */
const toErrorSchema = (entries: readonly { field: string; message: string }[]): ErrorSchema => {
  const schema: Record<string, unknown> = {};
  for (const { field, message } of entries) {
    let node = schema;
    for (const part of field.split('.')) node = (node[part] ??= {}) as Record<string, unknown>;
    const list = (node.__errors ??= []) as string[];
    list.push(message);
  }
  return schema as ErrorSchema;
};

/**
 * The rjsf validator of a group's form: the group's zod schema (the one the API validates with
 * and the form's JSON Schema comes from) decides, and its message keys are the errors shown.
 * ajv stays only for what rjsf asks a validator besides (`isValid` while resolving the schema).
 */
export const groupValidator = (group: TranslationGroup, translate: Translate): ValidatorType<Record<string, unknown>> => ({
  validateFormData: (formData) => {
    const result = translationGroupSchemas[group].safeParse(formData ?? {});
    const issues = result.success ? [] : fieldIssues(result.error.issues).map((issue) => ({ ...issue, message: translate(issue.message) }));
    return {
      errors: issues.map(({ field, code, message }) => ({ name: code, property: `.${field}`, message, stack: `.${field} ${message}` })),
      errorSchema: toErrorSchema(issues),
    };
  },
  isValid: (schema, formData, rootSchema) => ajvValidator.isValid(schema, formData, rootSchema),
  rawValidation: (schema, formData) => ajvValidator.rawValidation(schema, formData),
});

/** The API's violations (`bannerHeading`, `marketing.name`) as rjsf's nested error schema. */
export const violationsToErrorSchema = (violations: readonly Violation[], translate: Translate): ErrorSchema =>
  toErrorSchema(
    violations
      .filter((violation) => violation.propertyPath !== '')
      .map((violation) => ({ field: violation.propertyPath, message: translate(violation.payload.messageKey) })),
  );

/** The media type of an import file, by its name. */
export const importContentType = (filename: string): string => (/\.json$/i.test(filename) ? 'application/json' : 'text/csv');

/** I18N-2: whose each present text of a group is; nothing shown for a language without default texts. */
export const textOriginOf =
  (data: LanguageTexts | undefined, group: TranslationGroup): TextOrigin =>
  (field) => {
    const key = `${group}.${field}`;
    if (!data?.defaults || (textAt(data.texts, key) ?? '').trim() === '') return null;
    return data.defaultKeys.includes(key) ? 'default' : 'own';
  };

/** I18N-2: the fields of a group holding the customer's text where the language has a default one, with that default. */
export const resettableFields = (data: LanguageTexts | undefined, group: TranslationGroup): { field: string; defaultText: string }[] =>
  groupFieldKeys(group).flatMap((field) => {
    const key = `${group}.${field}`;
    const defaultText = textAt(data?.defaults ?? undefined, key);
    if (!data || defaultText === undefined || data.defaultKeys.includes(key)) return [];
    return [{ field, defaultText }];
  });

/** The texts with nothing blank in them: empty strings, and objects left empty, taken out; keys sorted. */
const meaningful = (value: unknown): unknown => {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value ?? undefined;
  const entries = Object.keys(value)
    .sort()
    .map((key) => [key, meaningful((value as Record<string, unknown>)[key])] as const)
    .filter(([, child]) => child !== undefined);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
};

/**
 * Whether a form holds the same texts as were loaded. rjsf fills a group's missing objects
 * on mount (a language with no tracking categories yet gets `{ necessary: {}, … }`) and orders
 * keys by its schema: neither is an edit, so neither may mark the form as unsaved.
 */
export const sameTexts = (a: unknown, b: unknown): boolean => JSON.stringify(meaningful(a) ?? {}) === JSON.stringify(meaningful(b) ?? {});
