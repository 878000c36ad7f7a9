import { describe, expect, it } from 'vitest';
import { adminCatalogueEn } from '../i18n/adminCatalogue.en';
import { adminCatalogueFr } from '../i18n/adminCatalogue.fr';
import { PLATFORM_NS, type SupportedLanguage } from '../i18n/languages';
import { translateFromCatalogue } from '../i18n/translateFromCatalogue';
import { auditSentence, type AuditEntryView } from './auditSentence';

const catalogues = { en: { [PLATFORM_NS]: adminCatalogueEn }, fr: { [PLATFORM_NS]: adminCatalogueFr } };
const translatorOf =
  (lng: SupportedLanguage) =>
  (key: string, options: Record<string, unknown> = {}): string =>
    translateFromCatalogue(catalogues, lng, key, options) ?? key;

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  action: 'update',
  resource: 'consent-solutions',
  path: '/consent-solutions/3',
  method: 'PATCH',
  subject: 'Shop',
  changes: {},
  userName: 'Anna Owner',
  userEmail: 'anna@shop.test',
  ...overrides,
});
const both = (view: AuditEntryView) => [auditSentence(view, translatorOf('en')), auditSentence(view, translatorOf('fr'))];

describe('audit sentences', () => {
  it('[BEYOND-10] a rename names the object by its old name and the new one, in English and French', () => {
    expect(both(entry({ changes: { name: 'Shop EU' } }))).toEqual([
      'Anna Owner renamed the consent solution “Shop” to “Shop EU”',
      'Anna Owner a renommé la solution de consentement « Shop » en « Shop EU »',
    ]);
  });

  it('[BEYOND-10] invitations, removals, creations, field changes and actions read as sentences', () => {
    expect(
      both(entry({ action: 'create', resource: 'teammates', path: '/teammates', method: 'POST', subject: 'bob@x.com', changes: { email: 'bob@x.com' } })),
    ).toEqual(['Anna Owner invited bob@x.com', 'Anna Owner a invité bob@x.com']);
    expect(both(entry({ action: 'delete', resource: 'teammates', path: '/teammates/9', method: 'DELETE', subject: 'bob@x.com' }))[0]).toBe(
      'Anna Owner removed bob@x.com from the team',
    );
    expect(both(entry({ action: 'create', resource: 'domains', path: '/domains', method: 'POST', subject: 'shop.fr' }))).toEqual([
      'Anna Owner created the domain “shop.fr”',
      'Anna Owner a créé le domaine « shop.fr »',
    ]);
    expect(both(entry({ changes: { autoblocking: true, additionalLanguages: ['de'] } }))).toEqual([
      'Anna Owner changed autoblocking, languages of the consent solution “Shop”',
      'Anna Owner a modifié la solution de consentement « Shop » : blocage automatique, langues',
    ]);
    expect(both(entry({ action: 'action', path: '/consent-solutions/3/publish', method: 'POST' }))[0]).toBe(
      'Anna Owner published the pop-up of the consent solution “Shop”',
    );
    expect(both(entry({ action: 'action', path: '/consent-solutions/3/translations/import', method: 'POST' }))[1]).toBe(
      'Anna Owner a importé des textes dans la solution de consentement « Shop »',
    );
    expect(
      both(entry({ action: 'create', resource: 'subscriptions', path: '/subscriptions', method: 'POST', subject: null, changes: { plan: 'professional' } }))[0],
    ).toBe('Anna Owner subscribed to the Professional plan');
  });

  it('[BEYOND-10] names from the API stay text: no markup, no template, and hidden staff are the provider', () => {
    const sneaky = entry({ subject: '<img src=x onerror=alert(1)> {{actor}}', changes: { name: '{{object}}' }, userName: null, userEmail: null });
    expect(auditSentence(sneaky, translatorOf('en'))).toBe(
      'The provider’s team renamed the consent solution “<img src=x onerror=alert(1)> {{actor}}” to “{{object}}”',
    );
    expect(auditSentence(entry({ action: 'action', path: '/consent-solutions/3/{{actor}}', method: 'POST' }), translatorOf('en'))).toBe(
      'Anna Owner did “{{actor}}” on the consent solution “Shop”',
    );
  });
});
