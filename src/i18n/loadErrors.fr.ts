import type { Catalogue } from './catalogue';
import type { loadErrorsEn } from './loadErrors.en';

export const loadErrorsFr = {
  load_error: {
    unreachable_heading: 'Le serveur est injoignable',
    failed_heading: 'Le chargement a échoué',
    description: "Ce qui s'affiche ici vient du serveur, qui n'a pas répondu. Rien n'a été modifié. Vérifiez votre connexion, puis réessayez.",
    failed_description: "Le serveur a répondu par une erreur. Rien n'a été modifié. Réessayez dans un instant.",
    retry: 'Réessayer',
  },
} satisfies Catalogue<typeof loadErrorsEn>;
