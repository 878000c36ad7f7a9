import type { ControlTexts } from '../src/config';

type OwnTexts = Omit<ControlTexts, 'categories'>;

/**
 * PROMISE-1, PROMISE-2: the privacy-settings control's and the blocked embeds' placeholders'
 * texts, English and French; another language of a solution gets the English ones. The
 * categories' names come from the solution's own texts.
 */
const CONTROL_TEXTS = {
  en: {
    privacySettings: 'Privacy settings',
    placeholder: 'This content comes from another website that sets {category} cookies. It stays hidden until you accept them.',
    placeholderAccept: 'Accept {category} cookies and show it',
  },
  fr: {
    privacySettings: 'Paramètres de confidentialité',
    placeholder: 'Ce contenu provient d’un autre site qui dépose des cookies « {category} ». Il reste masqué tant que vous ne les acceptez pas.',
    placeholderAccept: 'Accepter les cookies « {category} » et l’afficher',
  },
} as const satisfies Record<string, OwnTexts>;

export const controlTexts = (language: string, categoryNames: Record<string, string>): ControlTexts => ({
  ...(language === 'fr' ? CONTROL_TEXTS.fr : CONTROL_TEXTS.en),
  categories: categoryNames,
});
