import type { RuntimeTexts } from '../src/config';
import type { DeclarationLabels } from '../src/declarationTypes';

/**
 * The runtime's own texts (STD-3, STD-4, STD-6), English and French; another language of a
 * solution gets the English ones.
 */
const RUNTIME_TEXTS = {
  en: {
    gpcApplied: "Your browser's Global Privacy Control signal was applied: we do not sell or share your personal information.",
    optOutNotice: 'We use cookies to run and improve this site. You can opt out of the sale or sharing of your personal information.',
    doNotSell: 'Do not sell or share my personal information',
    settings: 'Cookie settings',
    consentId: 'Consent ID',
  },
  fr: {
    gpcApplied: 'Le signal Global Privacy Control de votre navigateur a été appliqué : nous ne vendons ni ne partageons vos données personnelles.',
    optOutNotice:
      'Nous utilisons des cookies pour faire fonctionner et améliorer ce site. Vous pouvez refuser la vente ou le partage de vos données personnelles.',
    doNotSell: 'Ne pas vendre ni partager mes informations personnelles',
    settings: 'Paramètres des cookies',
    consentId: 'Identifiant de consentement',
  },
} as const satisfies Record<string, RuntimeTexts>;

export const runtimeTexts = (language: string): RuntimeTexts => (language === 'fr' ? RUNTIME_TEXTS.fr : RUNTIME_TEXTS.en);

/** The cookie declaration's labels (STD-5); the six cookie-policy texts come from the solution. */
const DECLARATION_LABELS = {
  en: {
    name: 'Name',
    domain: 'Domain',
    purpose: 'Purpose',
    expiry: 'Expiry',
    type: 'Type',
    yourChoice: 'Your current choice',
    noChoice: 'You have not made a choice on this website yet.',
    consentId: 'Consent ID',
    decidedAt: 'Date',
    change: 'Change your consent',
    withdraw: 'Withdraw your consent',
  },
  fr: {
    name: 'Nom',
    domain: 'Domaine',
    purpose: 'Finalité',
    expiry: 'Expiration',
    type: 'Type',
    yourChoice: 'Votre choix actuel',
    noChoice: "Vous n'avez pas encore fait de choix sur ce site.",
    consentId: 'Identifiant de consentement',
    decidedAt: 'Date',
    change: 'Modifier votre consentement',
    withdraw: 'Retirer votre consentement',
  },
} as const satisfies Record<string, DeclarationLabels>;

/** How long a cookie is kept, and whose it is, in words. */
const COOKIE_WORDS = {
  en: {
    session: 'Session',
    days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
    firstParty: 'First-party HTTP cookie',
    thirdParty: 'Third-party HTTP cookie',
  },
  fr: { session: 'Session', days: (n: number) => (n === 1 ? '1 jour' : `${n} jours`), firstParty: 'Cookie HTTP interne', thirdParty: 'Cookie HTTP tiers' },
} as const;

export const declarationLabels = (language: string): DeclarationLabels => (language === 'fr' ? DECLARATION_LABELS.fr : DECLARATION_LABELS.en);

export const cookieWords = (language: string) => (language === 'fr' ? COOKIE_WORDS.fr : COOKIE_WORDS.en);
