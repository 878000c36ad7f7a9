import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import {
  groupFieldKeys,
  groupJsonSchema,
  LONG_TEXT_MAX,
  missingTextKeys,
  SHORT_TEXT_MAX,
  textSchemaOf,
  translationGroupSchemas,
  TRANSLATION_GROUPS,
  TRANSLATION_KEYS,
  toFormJsonSchema,
  type TranslationGroup,
} from './translations';

/** A complete, valid group: every text filled. */
const filledGroup = (group: TranslationGroup): Record<string, unknown> => {
  const value: Record<string, unknown> = {};
  for (const key of groupFieldKeys(group)) {
    const parts = key.split('.');
    let node = value;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1) ?? ''] = 'ok';
  }
  return value;
};

const withText = (group: TranslationGroup, key: string, text: string): Record<string, unknown> => {
  const value = filledGroup(group);
  const parts = key.split('.');
  let node = value;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[parts.at(-1) ?? ''] = text;
  return value;
};

describe('translation schemas', () => {
  it('[ENT-3] covers the four groups of the spec, 35 texts in all', () => {
    expect(TRANSLATION_GROUPS).toEqual(['popup', 'cookiePolicy', 'privacyControls', 'categories']);
    expect(groupFieldKeys('popup')).toHaveLength(10);
    expect(groupFieldKeys('cookiePolicy')).toHaveLength(6);
    expect(groupFieldKeys('privacyControls')).toHaveLength(4);
    expect(groupFieldKeys('categories')).toEqual(
      ['necessary', 'functional', 'statistics', 'marketing', 'unclassified'].flatMap((c) => [`${c}.sdk`, `${c}.name`, `${c}.description`]),
    );
    expect(TRANSLATION_KEYS).toHaveLength(35);
  });

  it('[VAL-4] the rjsf form (JSON Schema from zod) and the API (zod) agree on every text at its limits', () => {
    for (const group of TRANSLATION_GROUPS) {
      const jsonSchema = groupJsonSchema(group) as RJSFSchema;
      for (const key of groupFieldKeys(group)) {
        const max = textSchemaOf(`${group}.${key}`)?.safeParse('x'.repeat(SHORT_TEXT_MAX + 1)).success ? LONG_TEXT_MAX : SHORT_TEXT_MAX;
        for (const text of ['', 'x', 'x'.repeat(max), 'x'.repeat(max + 1)]) {
          const value = withText(group, key, text);
          const byApi = translationGroupSchemas[group].safeParse(value).success;
          const byForm = validator.validateFormData(value, jsonSchema).errors.length === 0;
          expect([group, key, text.length, byForm], 'form and API disagree').toEqual([group, key, text.length, byApi]);
        }
      }
    }
  });

  it('[VAL-4] a rule changed in the zod schema is what the generated form enforces', () => {
    // The same derivation the forms use, over a changed rule: nothing else to edit.
    const changed = translationGroupSchemas.privacyControls.extend({ multiaccept: translationGroupSchemas.privacyControls.shape.multiaccept.max(5) });
    const value = { ...filledGroup('privacyControls'), multiaccept: 'sixsix' };
    expect(changed.safeParse(value).success).toBe(false);
    const form = validator.validateFormData(value, toFormJsonSchema(changed) as RJSFSchema);
    expect(form.errors.map((e) => [e.property, e.name])).toEqual([['.multiaccept', 'maxLength']]);
  });

  it('[BEYOND-5] counts blank and absent texts as missing, in form order', () => {
    expect(missingTextKeys('privacyControls', { categoryConsentHeader: 'a', multiaccept: '  ' })).toEqual([
      'multiaccept',
      'multidecline',
      'updateConsentButton',
    ]);
    expect(missingTextKeys('categories', filledGroup('categories'))).toEqual([]);
    expect(missingTextKeys('popup', undefined)).toHaveLength(10);
  });
});
