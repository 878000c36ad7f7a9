import type { Catalogue } from './catalogue';
import type { integrationsEn } from './integrations.en';

/** Textes français du consentement aux cookies de l'admin (mêmes clés que l'anglais). */
export const integrationsFr = {
  integrations: {
    consent: {
      title: 'Cookies de cette interface',
      description:
        "Nous utilisons des cookies nécessaires pour vous garder connecté. Avec votre accord, nous utilisons aussi des cookies fonctionnels (le chat d'assistance), de statistiques (enregistrement de session et mesure d'audience) et marketing. Votre choix est conservé un an.",
      accept_all: 'Accepter tous les cookies',
      necessary_only: 'Cookies nécessaires uniquement',
      customize: 'Choisir les cookies',
      save: 'Enregistrer mon choix',
      close: 'Fermer',
      categories_label: 'Catégories de cookies',
      preferences_link: 'Préférences cookies',
      categories: {
        necessary: { label: 'Nécessaires', description: 'Connexion et sécurité. Toujours actifs.' },
        functional: { label: 'Fonctionnels', description: "Le chat d'assistance." },
        statistics: { label: 'Statistiques', description: "Enregistrement de session et mesure d'audience." },
        marketing: { label: 'Marketing', description: 'Mesure de nos campagnes.' },
      },
    },
  },
} satisfies Catalogue<typeof integrationsEn>;
