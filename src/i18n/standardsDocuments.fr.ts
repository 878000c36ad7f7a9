import type { Catalogue } from './catalogue';
import type { standardsDocumentsEn } from './standardsDocuments.en';

/** French texts of the IAB GPP settings, Google's Additional Consent and their proof of consent (same keys as English). */
export const standardsDocumentsFr = {
  cs: {
    standards: {
      gpp: {
        title: 'IAB Global Privacy Platform (GPP)',
        help: 'Le signal que lisent les technologies publicitaires américaines : __gpp sur vos pages, avec la section de la loi du visiteur. Les sections américaines demandent les règles régionales ci-dessus (le pays du visiteur et, par votre CDN, son État).',
        enabled: 'Fournir l’IAB GPP (__gpp)',
        us_approach: 'Visiteurs des États-Unis',
        approach_state: 'La section de l’État du visiteur s’il a sa propre loi (Californie, Virginie, Colorado…), la section nationale ailleurs',
        approach_national: 'La section nationale américaine (usnat) pour tout visiteur des États-Unis',
        tcf_eu: 'Avec l’IAB TCF activé, la section TCF (tcfeuv2) pour les visiteurs soumis au RGPD',
        mspa_covered: 'J’ai signé l’IAB Multi-State Privacy Agreement (MSPA) et ces transactions sont couvertes',
        mspa_mode: 'Mode MSPA',
        'mspa_opt-out': 'Mode option de refus (opt-out)',
        'mspa_service-provider': 'Mode prestataire de services',
      },
    },
  },
  tcf: {
    ac: {
      title: 'Consentement additionnel de Google',
      intro:
        'Les fournisseurs de technologie publicitaire de Google absents de la Global Vendor List de l’IAB. Le pop-up liste ceux que vous choisissez et transmet le choix du visiteur dans la chaîne AC (addtl_consent), à côté de la chaîne TC.',
      chosen: '{{count}} fournisseurs choisis',
      search: 'Rechercher un fournisseur par nom ou identifiant',
      select: 'Choisir {{name}}',
      name: 'Fournisseur',
      policy: 'Politique de confidentialité',
      empty: 'Aucun fournisseur ne correspond à cette recherche.',
      pagination: 'Pages de fournisseurs',
    },
  },
  proof: {
    standards: {
      gpc: 'Signal Global Privacy Control',
      regionRule: 'Règle régionale appliquée',
      tcString: 'Chaîne TC (IAB TCF)',
      gppString: 'Chaîne GPP (IAB GPP)',
      gppSid: 'Sections GPP en vigueur',
      acString: 'Chaîne AC (consentement additionnel de Google)',
      yes: 'Oui',
      no: 'Non',
    },
  },
} satisfies Catalogue<typeof standardsDocumentsEn>;
