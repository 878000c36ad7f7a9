import type { Catalogue } from './catalogue';
import type { deployEn } from './deploy.en';

/** Propriété des domaines (DEPLOY-4) et personnel du fournisseur non nommé aux clients (DEPLOY-6). */
export const deployFr = {
  deploy: {
    provider: 'Fournisseur',
    verification: {
      title: 'Preuve de contrôle',
      status: {
        pending: 'Pas encore vérifié',
        verified: 'Vérifié',
        expired: 'Revendication expirée',
      },
      pending_help:
        "Tant que vous n'avez pas prouvé que vous contrôlez ce domaine, il n'est ni analysé ni facturé, et il n'empêche personne d'autre de l'ajouter. Publiez le jeton ci-dessous de l'une de ces deux façons, puis choisissez Vérifier maintenant. Cette revendication expire le {{date}}.",
      expired_help: 'Cette revendication a expiré avant que le contrôle soit prouvé. Demandez un nouveau jeton, publiez-le et vérifiez à nouveau.',
      verified_help: 'Vérifié le {{date}} par {{method}}.',
      method: { dns: 'un enregistrement DNS TXT', file: 'un fichier sur le site' },
      token: 'Jeton',
      dns_title: 'Option 1 : un enregistrement DNS TXT',
      dns_help: 'Ajoutez un enregistrement TXT nommé {{name}} dont la valeur est le jeton.',
      file_title: 'Option 2 : un fichier sur le site',
      file_help: "Servez le jeton comme contenu de l'adresse {{url}}.",
      last_check: 'La dernière vérification, le {{date}}, a trouvé :',
      verify_now: 'Vérifier maintenant',
      new_token: 'Nouveau jeton',
      verified_notice: 'Le domaine est vérifié.',
      verify_error: "Le domaine n'a pas pu être vérifié.",
      token_error: "Un nouveau jeton n'a pas pu être émis.",
    },
  },
} satisfies Catalogue<typeof deployEn>;
