import { describe, expect, it } from 'vitest';
import {
  canEditSharedConsent,
  consentSolutionCreateResolver,
  consentSolutionSettingsResolver,
  createFormDefaults,
  deleteConfirmationMatches,
  toCreateBody,
  toUpdateBody,
  type ConsentSolutionCreateFormValues,
} from './consentSolutionModel';
import { publicDomains } from './publicDomains';

const values = (overrides: Partial<ConsentSolutionCreateFormValues['domain']> = {}, rest: Partial<ConsentSolutionCreateFormValues> = {}) => ({
  defaultLanguage: 'en' as const,
  additionalLanguages: ['fr' as const],
  domain: { canonicalDomain: 'example.com', type: 'website' as const, scanDepth: 500 as const, scanFrequency: 7 as const, ...overrides },
  ...rest,
});

// react-hook-form's resolver arguments: the context and options are not used by ours.
const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('create', () => {
  it('[ROUTE-11] create model builds the API body', () => {
    expect(toCreateBody(values({ canonicalDomain: ' example.com ' }))).toEqual({
      name: 'example.com',
      defaultLanguage: 'en',
      additionalLanguages: ['fr'],
      domain: { canonicalDomain: 'example.com', type: 'website', scanDepth: 500, scanFrequency: 7 },
    });
  });

  it('[ROUTE-11] keeps a given name', () => {
    expect(toCreateBody(values({}, { name: 'Main shop' })).name).toBe('Main shop');
  });

  it('[ROUTE-11] starts with a public domain and the scanner defaults', () => {
    expect(createFormDefaults({ scanDepth: 5000, scanFrequency: 30 }, 'de')).toEqual({
      defaultLanguage: 'de',
      additionalLanguages: [],
      domain: { canonicalDomain: '', type: 'website', scanDepth: 5000, scanFrequency: 30 },
    });
  });

  it('[VAL-1] the resolver puts the canonical-form message on domain.canonicalDomain', async () => {
    const result = await consentSolutionCreateResolver(values({ canonicalDomain: 'https://www.example.com' }), undefined, resolverOptions);
    expect(result.errors).toEqual({ domain: { canonicalDomain: { type: 'custom', message: 'validation.domain_not_canonical' } } });
  });

  it('[VAL-1] an empty domain is "Url is required"', async () => {
    const result = await consentSolutionCreateResolver(values({ canonicalDomain: '' }), undefined, resolverOptions);
    expect(result.errors).toMatchObject({ domain: { canonicalDomain: { message: 'validation.url_required' } } });
  });

  it('[VAL-3] a repeated language marks the additional languages field', async () => {
    const result = await consentSolutionCreateResolver(values({}, { additionalLanguages: ['en'] }), undefined, resolverOptions);
    expect(result.errors).toMatchObject({ additionalLanguages: { message: 'validation.additional_language_is_default' } });
  });

  it('[ROUTE-11] valid values pass unchanged', async () => {
    const input = values();
    const result = await consentSolutionCreateResolver(input, undefined, resolverOptions);
    expect(result).toEqual({ values: input, errors: {} });
  });
});

describe('list', () => {
  it('[ROUTE-10] shows public domains only', () => {
    const domains = [
      { id: 1, canonicalDomain: 'example.com', type: 'website' as const, status: 'active' as const },
      { id: 2, canonicalDomain: 'staging.example.com', type: 'internal_alias' as const, status: 'active' as const },
      { id: 3, canonicalDomain: 'example.org', type: 'website' as const, status: 'pending' as const },
    ];
    expect(publicDomains({ domains }).map((domain) => domain.id)).toEqual([1, 3]);
  });
});

describe('settings', () => {
  const settings = { name: ' Shop ', defaultLanguage: 'en' as const, additionalLanguages: ['fr' as const], sharedConsent: false, autoblocking: true };

  it('[ROUTE-14] the PATCH body holds the editable fields and sends shared consent only when it changed', () => {
    expect(toUpdateBody(settings, { sharedConsent: false })).toEqual({
      name: 'Shop',
      defaultLanguage: 'en',
      additionalLanguages: ['fr'],
      autoblocking: true,
    });
    expect(toUpdateBody({ ...settings, sharedConsent: true }, { sharedConsent: false })).toMatchObject({ sharedConsent: true });
  });

  it('[VAL-1] a blank name is "Name is required"', async () => {
    const result = await consentSolutionSettingsResolver({ ...settings, name: '  ' }, undefined, resolverOptions);
    expect(result.errors).toMatchObject({ name: { message: 'validation.name_required' } });
  });

  it('[ROLE-1] shared consent needs ROLE_UNIVERSAL_CONSENT_SOLUTIONS or ROLE_ADMIN', () => {
    expect(canEditSharedConsent(['ROLE_USER'])).toBe(false);
    expect(canEditSharedConsent(['ROLE_USER', 'ROLE_UNIVERSAL_CONSENT_SOLUTIONS'])).toBe(true);
    expect(canEditSharedConsent(['ROLE_ADMIN'])).toBe(true);
    expect(canEditSharedConsent(undefined)).toBe(false);
  });

  it('[ROUTE-14] delete is confirmed by typing the exact name', () => {
    expect(deleteConfirmationMatches('Main shop', 'Main shop')).toBe(true);
    expect(deleteConfirmationMatches(' Main shop ', 'Main shop')).toBe(true);
    expect(deleteConfirmationMatches('main shop', 'Main shop')).toBe(false);
    expect(deleteConfirmationMatches('', '')).toBe(false);
  });
});
