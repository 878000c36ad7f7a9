import type { Catalogue } from './catalogue';
import type { scannerEn } from './scanner.en';

/** Textes français de l'analyseur de cookies (mêmes clés que l'anglais). */
export const scannerFr = {
  scanner: {
    scan_now: 'Analyser maintenant',
    unavailable: "L'analyseur de cookies n'est pas disponible sur ce serveur : les analyses ne peuvent pas être lancées.",
    column: 'Analyse',
    status: {
      queued: "En attente de l'analyseur",
      running: 'Analyse : {{visited}} pages sur {{planned}}',
      succeeded: '{{count}} cookies trouvés',
    },
    failure: {
      unreachable: 'Échec : site injoignable',
      blocked: "Échec : le site a refusé l'analyseur",
      timeout: 'Échec : durée maximale atteinte',
      error: "Échec : erreur de l'analyseur",
      cancelled: 'Annulée',
      refused: "Refusée : le site a mené l'analyseur vers une adresse interne",
    },
    notifications: {
      scan_error: "L'analyse n'a pas pu être lancée.",
      check_error: "La vérification n'a pas pu être lancée.",
    },
    kinds: {
      new: 'Nouveau',
      gone: 'Disparu',
      changed: 'Modifié',
      set_before_consent: 'Déposé avant consentement',
    },
    categories: {
      necessary: 'Nécessaires',
      functional: 'Fonctionnels',
      statistics: 'Statistiques',
      marketing: 'Marketing',
      unclassified: 'Non classés',
    },
    inbox: {
      title: 'Résultats d’analyse à examiner',
      intro:
        'Ce que les dernières analyses ont trouvé par rapport à votre liste de cookies. Acceptez les résultats pour mettre à jour la gestion des cookies, ou écartez-les.',
      loading: 'Chargement des résultats…',
      empty: 'Rien à examiner.',
      category: 'Catégorie des cookies acceptés',
      suggested_category: 'Catégorie suggérée',
      accept: 'Accepter la sélection ({{count}})',
      dismiss: 'Écarter la sélection ({{count}})',
      accepted: 'Résultats acceptés : {{count}}',
      dismissed: 'Résultats écartés : {{count}}',
      select_all: 'Sélectionner tous les résultats',
      select: 'Sélectionner {{name}}',
      yes: 'Oui',
      no: 'Non',
      columns: {
        kind: 'Résultat',
        name: 'Cookie',
        domain: 'Domaine',
        category: 'Catégorie',
        before_consent: 'Déposé avant consentement',
      },
    },
    health: {
      title: "Vérification de l'installation",
      intro: "L'analyseur ouvre la page d'accueil de chaque domaine et vérifie l'installation.",
      run: 'Vérifier',
      running: 'Vérification…',
      pass: 'Oui',
      fail: 'Non',
      unknown: 'Non vérifié',
      columns: {
        domain: 'Domaine',
        script_present: 'Script présent',
        loaded_first: 'Chargé en premier',
        banner_shown: 'Bannière affichée',
        no_cookie_before_consent: 'Aucun cookie non essentiel avant consentement',
        actions: 'Actions',
      },
    },
  },
} satisfies Catalogue<typeof scannerEn>;
