import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { groupJsonSchema } from '../../schemas/translations';
import { emptyTexts, type LanguageTexts } from '../../schemas/translations';
import {
  fieldId,
  groupUiSchema,
  groupValidator,
  importContentType,
  maxLengthOf,
  resettableFields,
  sameTexts,
  textOriginOf,
  violationsToErrorSchema,
} from './translationsModel';

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

  it('[VAL-1] shows the zod schema errors and API violations with the shared message keys', () => {
    const texts = {
      bannerHeading: 'x'.repeat(256),
      bannerMainText: 'Main',
      declineButton: 'No',
      showDetails: 'Show',
      hideDetails: 'Hide',
      aboutCookies: 'About',
    };
    const { errors, errorSchema } = groupValidator('popup', translate).validateFormData(texts, groupJsonSchema('popup') as RJSFSchema);
    const byField = Object.fromEntries(errors.map((e) => [e.property, e.message]));
    expect(byField['.bannerHeading']).toBe('validation.max_length_255');
    expect(byField['.acceptButton']).toBe('validation.translation_required');
    expect(byField['.bannerMainText']).toBeUndefined();
    expect(errorSchema).toMatchObject({
      bannerHeading: { __errors: ['validation.max_length_255'] },
      acceptButton: { __errors: ['validation.translation_required'] },
    });
    expect(importContentType('texts.JSON')).toBe('application/json');
    expect(importContentType('texts.csv')).toBe('text/csv');
    const schema = violationsToErrorSchema(
      [{ propertyPath: 'marketing.name', message: '', payload: { messageKey: 'validation.translation_required' } }],
      translate,
    );
    expect(schema).toEqual({ marketing: { name: { __errors: ['validation.translation_required'] } } });
  });

  it('[I18N-2] tells a default text from the customer’s, and offers a reset only where a default exists and is not in place', () => {
    const texts = emptyTexts();
    texts.popup = { bannerHeading: 'Ours', acceptButton: 'Accept all', declineButton: '' };
    const defaults = emptyTexts();
    defaults.popup = { bannerHeading: 'We use cookies', acceptButton: 'Accept all', declineButton: 'Decline' };
    const data: LanguageTexts = { language: 'en', texts, updatedAt: null, defaultKeys: ['popup.acceptButton'], defaults };
    const origin = textOriginOf(data, 'popup');
    expect(['bannerHeading', 'acceptButton', 'declineButton'].map(origin)).toEqual(['own', 'default', null]);
    expect(resettableFields(data, 'popup')).toEqual([
      { field: 'bannerHeading', defaultText: 'We use cookies' },
      { field: 'declineButton', defaultText: 'Decline' },
    ]);
    // A language without default texts: no marks, nothing to reset.
    const none = { ...data, defaults: null };
    expect(textOriginOf(none, 'popup')('bannerHeading')).toBeNull();
    expect(resettableFields(none, 'popup')).toEqual([]);
    const ui = groupUiSchema('popup', translate, origin) as Record<string, Record<string, string>>;
    expect(ui.bannerHeading?.['ui:help']).toContain('translations.defaults.own_text');
    expect(ui.acceptButton?.['ui:help']).toContain('translations.defaults.default_text');
  });

  it('[ROUTE-17] texts rjsf only filled in or reordered are unchanged; a typed or cleared text is a change', () => {
    expect(sameTexts({ necessary: {}, marketing: { name: '', description: '' } }, {})).toBe(true);
    expect(sameTexts({ marketing: { name: 'Ads', sdk: 'x' } }, { marketing: { sdk: 'x', name: 'Ads' } })).toBe(true);
    expect(sameTexts({ marketing: { name: 'Ads' } }, {})).toBe(false);
    expect(sameTexts({ marketing: { name: '' } }, { marketing: { name: 'Ads' } })).toBe(false);
  });
});
