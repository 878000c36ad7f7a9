import type { shellEn } from './shell.en';
import type { Catalogue } from './catalogue';

export const shellFr = {
  nav: {
    consent_solutions: 'Solutions de consentement',
    mobile_consent_solutions: 'Solutions de consentement mobiles',
    compliance_dashboard: 'Tableau de conformité',
    teammates: 'Coéquipiers',
    billing: 'Facturation',
    main: 'Navigation principale',
  },
  shell: {
    logout: 'Se déconnecter',
    subscribe: "S'abonner",
    banner: {
      trial_day_left: 'jour restant dans votre essai',
      trial_days_left: 'jours restants dans votre essai',
      trial_expired: 'Votre essai est terminé. Abonnez-vous pour que vos solutions de consentement restent actives.',
      inactive: 'Votre abonnement est inactif. Abonnez-vous pour réactiver vos solutions de consentement.',
      waiting_for_payment: 'Votre abonnement est en attente de paiement.',
    },
    pages: {
      onboarding: 'Premiers pas',
      subscription: 'Abonnement',
    },
    not_found: {
      title: 'Page introuvable',
      description: 'La page que vous cherchez n’existe pas ou a été déplacée.',
      home: 'Aller à la page d’accueil',
    },
    error: {
      title: 'Une erreur est survenue !',
      description: 'Une erreur inattendue a interrompu cette page. Réessayez ou revenez à la page d’accueil.',
      show: "Afficher l'erreur",
      hide: "Masquer l'erreur",
      unknown: 'Erreur inconnue',
      home: 'Aller à la page d’accueil',
    },
    under_development: {
      title: 'Vue en cours de développement',
      description: 'Cette vue est encore en construction. En attendant, vous pouvez l’utiliser dans l’ancien tableau de bord.',
      open_old_dashboard: 'Ouvrir l’ancien tableau de bord',
    },
    pending: 'Chargement…',
    status: {
      success: 'Prêt',
      almostReady: 'Presque prêt',
      pending: 'En attente',
      error: 'Erreur',
    },
    empty_state: {
      pending: 'En cours',
      error: 'Erreur',
    },
  },
} satisfies Catalogue<typeof shellEn>;
