import type { Catalogue } from './catalogue';
import type { teammatesEn } from './teammates.en';

/** French texts of the teammates, operations and audit-log screens (same keys as English). */
export const teammatesFr = {
  resources: {
    teammates: {
      name: 'Coéquipiers',
      name_one: 'Coéquipier',
      name_other: 'Coéquipiers',
      fields: { email: 'E-mail', lastSeenAt: 'Vu pour la dernière fois', status: 'Statut', name: 'Nom', actions: 'Actions' },
    },
    'audit-log': {
      name: "Journal d'audit",
      fields: { at: 'Quand', userEmail: 'Qui', summary: 'Quoi', resource: 'Domaine', action: 'Action' },
    },
  },
  teammates: {
    search: 'Rechercher par e-mail',
    invite: 'Ajouter un coéquipier',
    never_seen: 'Jamais',
    status: { active: 'Actif', pending: 'Invitation envoyée', disabled: 'Désactivé' },
    remove: 'Retirer',
    remove_title: 'Retirer {{email}} ?',
    remove_content: 'Cette personne ne pourra plus se connecter à ce compte.',
    create_title: 'Ajouter un coéquipier',
    create_help: 'Nous lui enverrons un lien pour choisir son mot de passe.',
    notifications: {
      created: 'Invitation envoyée à {{email}}.',
      create_failed: "Le coéquipier n'a pas été créé, corrigez les problèmes et réessayez.",
      removed: 'Coéquipier retiré.',
      remove_failed: "Le coéquipier n'a pas été retiré. Veuillez réessayer.",
    },
  },
  operations: {
    acting_on: 'Compte utilisé',
    own_account: 'Mon compte',
    create_account: 'Nouveau compte',
    create_account_title: 'Créer un compte',
    account_name: 'Nom du compte',
    create: 'Créer',
    cancel: 'Annuler',
    account_created: 'Compte {{name}} créé.',
  },
  audit: {
    title: "Journal d'audit",
    search: 'Rechercher par e-mail ou modification',
    open: "Journal d'audit",
    action: { create: 'Créé', update: 'Modifié', delete: 'Supprimé', action: 'Action' },
  },
} satisfies Catalogue<typeof teammatesEn>;
