import { notFound, type ApiError } from '../http/errors';
import type { Store } from '../store/store';
import type { TranslationRow } from '../store/types';
import { ownedRow } from './ownedRow';

/** A consent solution's texts: one row per solution and language. */

export const TRANSLATIONS = 'translations';

export const translationRows = (store: Store): TranslationRow[] => store.rows<TranslationRow>(TRANSLATIONS);

const translationNotFound = (): ApiError => notFound();

export const ownTranslation = (store: Store, caller: { accountId: number }, idParam: string | undefined): TranslationRow =>
  ownedRow(translationRows(store), caller, idParam, translationNotFound);
