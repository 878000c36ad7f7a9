import type { TcfTexts } from '../../banner/src/tcf/tcfConfig';

/** The TCF layers' own texts (the GVL names the purposes, features and vendors), per banner language. */
export const TCF_TEXTS: Record<'en' | 'fr', TcfTexts> = {
  en: {
    firstLayer:
      'We and our {vendors} partners store and/or access information on your device, such as cookies, and process personal data such as unique identifiers and browsing data, for the purposes below. You can accept, refuse, or choose per purpose and per partner, and object to processing based on legitimate interest, at any time from the link to your choices on this site.',
    purposesHeading: 'Purposes',
    specialFeaturesHeading: 'Special features',
    manageOptions: 'Manage options',
    vendorsLink: 'See our {vendors} partners',
    secondLayerHeading: 'Your choices, purpose by purpose and partner by partner',
    specialPurposesHeading: 'Special purposes',
    featuresHeading: 'Features',
    vendorsHeading: 'Partners',
    dataCategories: 'Data collected',
    consent: 'Consent',
    legitimateInterest: 'Legitimate interest (untick to object)',
    retention: 'Data kept for {days} days',
    cookieMaxAge: 'Cookies last up to {seconds} seconds',
    privacyPolicy: 'Privacy policy',
    acceptAll: 'Accept all',
    rejectAll: 'Reject all',
    saveChoices: 'Save my choices',
    back: 'Back',
  },
  fr: {
    firstLayer:
      'Nos {vendors} partenaires et nous-mêmes stockons et/ou accédons à des informations sur votre appareil, comme des cookies, et traitons des données personnelles telles que des identifiants uniques et des données de navigation, pour les finalités ci-dessous. Vous pouvez accepter, refuser, ou choisir par finalité et par partenaire, et vous opposer aux traitements fondés sur l’intérêt légitime, à tout moment depuis le lien vers vos choix sur ce site.',
    purposesHeading: 'Finalités',
    specialFeaturesHeading: 'Fonctionnalités spéciales',
    manageOptions: 'Gérer les options',
    vendorsLink: 'Voir nos {vendors} partenaires',
    secondLayerHeading: 'Vos choix, par finalité et par partenaire',
    specialPurposesHeading: 'Finalités spéciales',
    featuresHeading: 'Fonctionnalités',
    vendorsHeading: 'Partenaires',
    dataCategories: 'Données collectées',
    consent: 'Consentement',
    legitimateInterest: 'Intérêt légitime (décochez pour vous opposer)',
    retention: 'Données conservées {days} jours',
    cookieMaxAge: 'Cookies conservés jusqu’à {seconds} secondes',
    privacyPolicy: 'Politique de confidentialité',
    acceptAll: 'Tout accepter',
    rejectAll: 'Tout refuser',
    saveChoices: 'Enregistrer mes choix',
    back: 'Retour',
  },
};
