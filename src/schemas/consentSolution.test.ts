import { describe, expect, it } from 'vitest';
import { consentSolutionCreateSchema, consentSolutionUpdateSchema, deriveConsentSolutionName, splitConsentSolutionCreate } from './consentSolution';
import { consentSolutionValidationMessages } from './validationMessages';

const settings = { name: 'Main site', defaultLanguage: 'en', additionalLanguages: ['fr', 'de'], sharedConsent: false, autoblocking: true };
const createBody = { canonicalDomain: 'example.com', type: 'website', scanFrequency: 7, scanDepth: 5000, defaultLanguage: 'en', additionalLanguages: ['fr'] };

const messagesOf = (result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('consent solution settings', () => {
  it('[ENT-2] accepts name, languages, shared consent and autoblocking', () => {
    expect(consentSolutionUpdateSchema.parse(settings)).toEqual(settings);
  });

  it('[VAL-1] a blank name is "Name is required."', () => {
    expect(messagesOf(consentSolutionUpdateSchema.safeParse({ ...settings, name: '   ' }))).toEqual(['name:validation.name_required']);
    expect(messagesOf(consentSolutionUpdateSchema.safeParse({ ...settings, name: undefined }))).toEqual(['name:validation.name_required']);
    expect(consentSolutionValidationMessages['validation.name_required']).toBe('Name is required.');
  });

  it('[VAL-3] limits the name to 255 characters', () => {
    expect(consentSolutionUpdateSchema.safeParse({ ...settings, name: 'a'.repeat(255) }).success).toBe(true);
    expect(messagesOf(consentSolutionUpdateSchema.safeParse({ ...settings, name: 'a'.repeat(256) }))).toEqual(['name:validation.max_length_255']);
  });

  it('[ENT-2] additional languages are unique and never the default, flagged at their index', () => {
    expect(messagesOf(consentSolutionUpdateSchema.safeParse({ ...settings, additionalLanguages: ['fr', 'en', 'fr'] }))).toEqual([
      'additionalLanguages.1:validation.additional_language_is_default',
      'additionalLanguages.2:validation.languages_not_unique',
    ]);
  });

  it('[VAL-4] refuses unknown language codes and non-boolean flags', () => {
    expect(messagesOf(consentSolutionUpdateSchema.safeParse({ ...settings, additionalLanguages: ['fr', 'klingon'] }))).toEqual([
      'additionalLanguages.1:validation.language_invalid',
    ]);
    expect(messagesOf(consentSolutionUpdateSchema.safeParse({ ...settings, sharedConsent: 'yes' }))).toEqual(['sharedConsent:validation.boolean_required']);
  });
});

describe('consent solution creation', () => {
  it('[ROUTE-11] takes the first domain fields and derives the name from the domain', () => {
    const parsed = consentSolutionCreateSchema.parse(createBody);
    expect(parsed).toEqual({ ...createBody, name: 'example.com', sharedConsent: false, autoblocking: false });
  });

  it('[ENT-2] keeps a given name and treats a blank one as not given', () => {
    expect(consentSolutionCreateSchema.parse({ ...createBody, name: ' Shop ' }).name).toBe('Shop');
    expect(consentSolutionCreateSchema.parse({ ...createBody, name: '' }).name).toBe('example.com');
  });

  it('[VAL-1] validates the domain like the domain form does', () => {
    expect(messagesOf(consentSolutionCreateSchema.safeParse({ ...createBody, canonicalDomain: 'https://www.example.com' }))).toEqual([
      'canonicalDomain:validation.domain_not_canonical',
    ]);
    expect(messagesOf(consentSolutionCreateSchema.safeParse({ ...createBody, canonicalDomain: '' }))).toEqual(['canonicalDomain:validation.url_required']);
  });

  it('[ENT-2] applies the language rules on creation too', () => {
    expect(messagesOf(consentSolutionCreateSchema.safeParse({ ...createBody, additionalLanguages: ['en'] }))).toEqual([
      'additionalLanguages.0:validation.additional_language_is_default',
    ]);
    expect(consentSolutionCreateSchema.parse({ ...createBody, additionalLanguages: undefined }).additionalLanguages).toEqual([]);
  });

  it('[ENT-2] splits into the solution and its first domain, sharing the default language', () => {
    const { consentSolution, domain } = splitConsentSolutionCreate(consentSolutionCreateSchema.parse({ ...createBody, defaultLanguage: 'de' }));
    expect(consentSolution).toEqual({ name: 'example.com', defaultLanguage: 'de', additionalLanguages: ['fr'], sharedConsent: false, autoblocking: false });
    expect(domain).toEqual({ canonicalDomain: 'example.com', type: 'website', defaultLanguage: 'de', scanDepth: 5000, scanFrequency: 7 });
  });

  it('[VAL-3] a derived name never exceeds 255 characters', () => {
    expect(deriveConsentSolutionName('a'.repeat(300))).toHaveLength(255);
  });
});
