import type { Store } from '../store/store';
import type { TranslationRow } from '../store/types';

/** A consent solution's texts: one row per solution and language. */

export const TRANSLATIONS = 'translations';

export const translationRows = (store: Store): TranslationRow[] => store.rows<TranslationRow>(TRANSLATIONS);
