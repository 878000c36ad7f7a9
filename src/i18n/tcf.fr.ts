import type { Catalogue } from './catalogue';
import type { tcfEn } from './tcf.en';

/** French texts of the IAB TCF tab (same keys as English). */
export const tcfFr = {
  tcf: {
    title: 'IAB TCF v2.2',
    intro:
      'Les éditeurs qui vendent de la publicité programmatique ont besoin du Transparency and Consent Framework de l’IAB : le bandeau affiche alors les deux niveaux du framework et répond aux appels __tcfapi des fournisseurs.',
    enabled: 'Utiliser l’IAB TCF sur cette solution de consentement',
    enabled_help:
      'Désactivé par défaut. Une fois activé, la publication ajoute le module TCF au bandeau, et le script d’installation apporte le stub de l’IAB en premier.',
    country: 'Code pays de l’éditeur',
    country_help: 'Deux lettres (ISO 3166), comme FR ou DE.',
    purpose_one: 'La finalité 1 n’est pas demandée (pays dont la loi ne l’exige pas)',
    gvl: {
      version: 'Global Vendor List version {{version}} (politique TCF {{policy}}), {{count}} fournisseurs.',
      published: 'Le bandeau publié utilise la version {{version}}.',
      never_published: 'Aucun bandeau avec le TCF n’a encore été publié.',
      newer: 'Une Global Vendor List plus récente (version {{current}}) que celle publiée ({{published}}) existe. Publiez à nouveau pour l’utiliser.',
      changed: 'Fournisseurs choisis dont les déclarations ont changé (le consentement sera redemandé) : {{vendors}}',
      departed: 'Fournisseurs choisis qui ne sont plus dans la liste (ils seront retirés) : {{vendors}}',
      refresh_error: 'La dernière mise à jour de la liste a échoué ; la liste précédente est conservée.',
    },
    vendors: {
      title: 'Fournisseurs',
      chosen: '{{count}} fournisseurs choisis',
      search: 'Rechercher un fournisseur par nom ou identifiant',
      select_page: 'Sélectionner tous les fournisseurs de cette page',
      select: 'Choisir {{name}}',
      name: 'Fournisseur',
      consent_purposes: 'Finalités (consentement)',
      li_purposes: 'Finalités (intérêt légitime)',
      special_features: 'Fonctionnalités spéciales',
      retention: 'Conservation',
      retention_days: '{{days}} jours',
      cookie_max_age: 'Durée max. des cookies',
      cookie_seconds: '{{seconds}} s',
      cookie_none: 'Aucun cookie',
      privacy: 'Politique de confidentialité',
      privacy_link: 'Politique',
      allow_li: 'Autoriser l’intérêt légitime pour la finalité {{purpose}} de {{name}}',
      none: 'Aucune',
      empty: 'Aucun fournisseur ne correspond à cette recherche.',
      pagination: 'Pages de fournisseurs',
    },
    restrictions: {
      title: 'Restrictions de l’éditeur',
      intro: 'Exiger le consentement pour une finalité d’un fournisseur, ou ne pas autoriser du tout cette finalité.',
      vendor: 'Fournisseur',
      purpose: 'Finalité',
      type: 'Restriction',
      types: { 'require-consent': 'Consentement requis', 'not-allowed': 'Non autorisée' },
      add: 'Ajouter une restriction',
      remove: 'Supprimer la restriction',
      empty: 'Aucune restriction.',
    },
    save: 'Enregistrer les réglages TCF',
    saved: 'Réglages TCF enregistrés. Publiez (en haut de la page) pour les appliquer.',
    notifications: {
      load_error: 'Les réglages TCF n’ont pas pu être chargés.',
      save_error: 'Les réglages TCF n’ont pas été enregistrés, corrigez les problèmes et réessayez.',
    },
    installation: {
      title: 'Avec l’IAB TCF activé',
      in_snippet:
        'Rien à ajouter : dès que vous publiez, le script ci-dessus commence par le stub de l’IAB : __tcfapi et le cadre __tcfapiLocator existent avant tout autre script, pour que les scripts publicitaires et les iframes mettent leurs appels en attente jusqu’à ce que le bandeau y réponde. Le bandeau affiche ensuite les niveaux du TCF et écrit le cookie euconsent-v2.',
    },
  },
} satisfies Catalogue<typeof tcfEn>;
