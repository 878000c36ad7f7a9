import type { Catalogue } from './catalogue';
import type { statusHelpEn } from './statusHelp.en';

export const statusHelpFr = {
  status_help: {
    domain: {
      active: 'Analysé : la dernière analyse de ce domaine a réussi et ses cookies sont à jour.',
      pending: "Pas encore analysé : la première analyse n'a pas eu lieu. Utilisez « Analyser maintenant » ou attendez l'analyse programmée.",
      error: "La dernière analyse a échoué : le site n'a pas pu être parcouru. Ouvrez le domaine pour en voir la raison, puis relancez l'analyse.",
    },
  },
} satisfies Catalogue<typeof statusHelpEn>;
