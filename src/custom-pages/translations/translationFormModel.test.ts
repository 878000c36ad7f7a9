import { describe, expect, it } from 'vitest';
import { fieldId, groupUiSchema, maxLengthOf, translateFormErrors, violationsToErrorSchema } from './translationFormModel';

const translate = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

describe('translation form model', () => {
  it('[VAL-4] reads each maximum from the shared zod schema', () => {
    expect(maxLengthOf('popup', 'bannerHeading')).toBe(255);
    expect(maxLengthOf('popup', 'bannerMainText')).toBe(500);
    expect(maxLengthOf('categories', 'marketing.description')).toBe(500);
  });

  it('[ROUTE-17] labels every field, with text areas for long texts and category titles', () => {
    const ui = groupUiSchema('categories', translate);
    expect(ui.marketing['ui:title']).toBe('translations.categories.marketing');
    expect(ui.marketing.name['ui:title']).toBe('translations.fields.categories.name');
    expect(ui.marketing.description['ui:widget']).toBe('textarea');
    expect(groupUiSchema('popup', translate).bannerHeading['ui:widget']).toBeUndefined();
    expect(fieldId('necessary.sdk')).toBe('root_necessary_sdk');
  });

  it('[VAL-1] shows ajv errors and API violations with the shared message keys', () => {
    const errors = translateFormErrors(translate)([
      { name: 'maxLength', params: { limit: 255 }, property: '.bannerHeading', message: 'must NOT have more than 255 characters', stack: '' },
      { name: 'required', params: { missingProperty: 'acceptButton' }, property: '.acceptButton', message: 'x', stack: '' },
    ]);
    expect(errors.map((e) => e.message)).toEqual(['validation.max_length_255', 'validation.translation_required']);
    const schema = violationsToErrorSchema(
      [{ propertyPath: 'marketing.name', message: '', payload: { messageKey: 'validation.translation_required' } }],
      translate,
    );
    expect(schema).toEqual({ marketing: { name: { __errors: ['validation.translation_required'] } } });
  });
});
