import type { RuntimeTexts } from '../src/config';

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
    optOutNotice: 'Nous utilisons des cookies pour faire fonctionner et améliorer ce site. Vous pouvez refuser la vente ou le partage de vos données personnelles.',
    doNotSell: 'Ne pas vendre ni partager mes informations personnelles',
    settings: 'Paramètres des cookies',
    consentId: 'Identifiant de consentement',
  },
} as const satisfies Record<string, RuntimeTexts>;

export const runtimeTexts = (language: string): RuntimeTexts => (language === 'fr' ? RUNTIME_TEXTS.fr : RUNTIME_TEXTS.en);
