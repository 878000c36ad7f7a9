import type { LanguageCode } from '../../src/shared/languages';
import { emptyTexts, type StoredTexts, type TranslationTexts } from '../../src/schemas/translations';
import { solutionLanguages } from '../data/consentSolutions';
import { TRANSLATIONS, translationRows } from '../data/translations';
import type { Store } from '../store/store';
import type { ConsentSolutionRow } from '../store/types';

/**
 * The texts every new consent solution starts with (ENT-3): English, and French. Other
 * languages start empty; the completeness matrix shows what is left to write, and the pop-up
 * falls back to English meanwhile.
 */

const en: TranslationTexts = {
  popup: {
    bannerHeading: 'We use cookies',
    bannerMainText:
      'We use cookies and similar technologies to run this website, to measure its use and to show you relevant content. You can accept all cookies, decline the optional ones or choose per category.',
    acceptButton: 'Accept all',
    declineButton: 'Decline',
    showDetails: 'Show details',
    hideDetails: 'Hide details',
    aboutCookies: 'Cookies are small text files that websites store on your device to remember information about your visit.',
    dataProcessorName: 'Data processor',
    dataProcessorPrivacyPolicy: 'Privacy policy',
    dataProcessorServiceSpecification: 'What the service does with the data',
  },
  cookiePolicy: {
    cookiesOverview: 'This website uses the cookies listed below. Necessary cookies are always set; all others only with your consent.',
    cookieDeclarationText: 'The cookie declaration lists every cookie found on this website, what it is for and how long it is kept.',
    domainListExplanation: 'Your consent applies to the following domains:',
    noScanPerformed: 'This website has not been scanned for cookies yet.',
    lastUpdated: 'Last updated',
    serviceRole: 'Role of the service',
  },
  privacyControls: {
    categoryConsentHeader: 'Your consent per category',
    multiaccept: 'Accept all categories',
    multidecline: 'Decline all categories',
    updateConsentButton: 'Update consent',
  },
  categories: {
    necessary: {
      sdk: 'necessary',
      name: 'Necessary',
      description: 'Needed for the website to work, for example to keep you logged in. They cannot be switched off.',
    },
    functional: {
      sdk: 'functional',
      name: 'Functional',
      description: 'Remember your choices, such as language or region, to give you a more personal experience.',
    },
    statistics: { sdk: 'statistics', name: 'Statistics', description: 'Help us understand how visitors use the website by collecting anonymous information.' },
    marketing: { sdk: 'marketing', name: 'Marketing', description: 'Used to show you advertising that is relevant to you across websites.' },
    unclassified: { sdk: 'unclassified', name: 'Unclassified', description: 'Cookies that have not been classified yet.' },
  },
};

const fr: TranslationTexts = {
  popup: {
    bannerHeading: 'Nous utilisons des cookies',
    bannerMainText:
      'Nous utilisons des cookies et des technologies similaires pour faire fonctionner ce site, mesurer son utilisation et vous montrer des contenus pertinents. Vous pouvez tout accepter, refuser les cookies facultatifs ou choisir par catégorie.',
    acceptButton: 'Tout accepter',
    declineButton: 'Refuser',
    showDetails: 'Afficher les détails',
    hideDetails: 'Masquer les détails',
    aboutCookies: 'Les cookies sont de petits fichiers texte que les sites enregistrent sur votre appareil pour se souvenir de votre visite.',
    dataProcessorName: 'Sous-traitant',
    dataProcessorPrivacyPolicy: 'Politique de confidentialité',
    dataProcessorServiceSpecification: 'Ce que le service fait des données',
  },
  cookiePolicy: {
    cookiesOverview:
      'Ce site utilise les cookies listés ci-dessous. Les cookies nécessaires sont toujours déposés ; les autres seulement avec votre consentement.',
    cookieDeclarationText: 'La déclaration des cookies liste chaque cookie trouvé sur ce site, à quoi il sert et combien de temps il est conservé.',
    domainListExplanation: "Votre consentement s'applique aux domaines suivants :",
    noScanPerformed: "Ce site n'a pas encore été analysé.",
    lastUpdated: 'Dernière mise à jour',
    serviceRole: 'Rôle du service',
  },
  privacyControls: {
    categoryConsentHeader: 'Votre consentement par catégorie',
    multiaccept: 'Accepter toutes les catégories',
    multidecline: 'Refuser toutes les catégories',
    updateConsentButton: 'Mettre à jour le consentement',
  },
  categories: {
    necessary: {
      sdk: 'necessary',
      name: 'Nécessaires',
      description: 'Indispensables au fonctionnement du site, par exemple pour rester connecté. Ils ne peuvent pas être désactivés.',
    },
    functional: {
      sdk: 'functional',
      name: 'Fonctionnels',
      description: 'Retiennent vos choix, comme la langue ou la région, pour une expérience plus personnelle.',
    },
    statistics: {
      sdk: 'statistics',
      name: 'Statistiques',
      description: 'Nous aident à comprendre comment les visiteurs utilisent le site grâce à des informations anonymes.',
    },
    marketing: { sdk: 'marketing', name: 'Marketing', description: 'Servent à vous montrer des publicités pertinentes sur différents sites.' },
    unclassified: { sdk: 'unclassified', name: 'Non classés', description: "Cookies qui n'ont pas encore été classés." },
  },
};

export const DEFAULT_TEXTS: Readonly<Partial<Record<LanguageCode, TranslationTexts>>> = { en, fr };

/** The starting texts of a language: a deep copy of the defaults, or all missing. */
export const defaultTextsFor = (language: LanguageCode): StoredTexts => {
  const texts = DEFAULT_TEXTS[language];
  return texts ? (structuredClone(texts) as unknown as StoredTexts) : emptyTexts();
};

/**
 * The starting texts of a new solution: every one of its languages that has default texts
 * (English and French). Does not write; the caller writes once with the rest of its change.
 */
export const seedSolutionTranslations = (store: Store, solution: ConsentSolutionRow, now: string): void => {
  const rows = translationRows(store);
  for (const language of solutionLanguages(solution)) {
    if (!DEFAULT_TEXTS[language] || rows.some((row) => row.consentSolutionId === solution.id && row.language === language)) continue;
    rows.push({
      id: store.nextId(TRANSLATIONS),
      accountId: solution.accountId,
      consentSolutionId: solution.id,
      language,
      texts: defaultTextsFor(language),
      updatedAt: now,
    });
  }
};
