import { emptyTexts } from '../../src/schemas/translations';
import type { LanguageCode } from '../../src/shared/languages';
import { notFound, type ApiError } from '../http/errors';
import type { Store } from '../store/store';
import type { ConsentSolutionRow, TranslationRow } from '../store/types';
import { ownedRow } from './ownedRow';

/** A consent solution's texts: one row per solution and language. */

export const TRANSLATIONS = 'translations';

export const translationRows = (store: Store): TranslationRow[] => store.rows<TranslationRow>(TRANSLATIONS);

const translationNotFound = (): ApiError => notFound();

export const ownTranslation = (store: Store, caller: { accountId: number }, idParam: string | undefined): TranslationRow =>
  ownedRow(translationRows(store), caller, idParam, translationNotFound);

/** The solution's row of one language, if it has one yet. */
export const translationRowOf = (store: Store, solution: Pick<ConsentSolutionRow, 'id'>, language: string): TranslationRow | undefined =>
  translationRows(store).find((row) => row.consentSolutionId === solution.id && row.language === language);

/** The row a write goes to: the stored one, or a new one with every text missing. */
export const translationRowForWrite = (
  store: Store,
  solution: Pick<ConsentSolutionRow, 'id' | 'accountId'>,
  language: LanguageCode,
  now: string,
): TranslationRow => {
  const existing = translationRowOf(store, solution, language);
  if (existing) return existing;
  const created: TranslationRow = {
    id: store.nextId(TRANSLATIONS),
    accountId: solution.accountId,
    consentSolutionId: solution.id,
    language,
    texts: emptyTexts(),
    defaultKeys: [],
    updatedAt: now,
  };
  translationRows(store).push(created);
  return created;
};
