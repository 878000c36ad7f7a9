import { DEFAULT_PRIVACY_STANDARDS, type PrivacyStandards } from '../../src/schemas/privacyStandards';
import { solutionLanguages as sharedSolutionLanguages, type LanguageCode } from '../../src/shared/languages';
import { ApiError } from '../http/errors';
import { ownedRow } from './ownedRow';
import type { Store } from '../store/store';
import type { ConsentSolutionRow } from '../store/types';
import { domainRows, summaryOf } from './domains';

/** Consent solutions (ENT-2): each belongs to one account and carries a summary of its domains. */

export const CONSENT_SOLUTIONS = 'consentSolutions';

export const consentSolutionRows = (store: Store): ConsentSolutionRow[] => store.rows<ConsentSolutionRow>(CONSENT_SOLUTIONS);

export const consentSolutionNotFound = (): ApiError => new ApiError(404, 'error.backend.consent_solution_not_found');

/** The caller's solution, or 404 consent_solution_not_found (also for another account's: no existence leak). */
export const ownSolution = (store: Store, caller: { accountId: number }, idParam: string | undefined): ConsentSolutionRow =>
  ownedRow(consentSolutionRows(store), caller, idParam, consentSolutionNotFound);

/** STD-1: the solution's privacy standards (the defaults until it saves its own), a copy. */
export const standardsOf = (solution: Pick<ConsentSolutionRow, 'standards'>): PrivacyStandards =>
  // Standards saved before a part of them existed (GPP, STD-13) have that part's defaults.
  structuredClone({ ...DEFAULT_PRIVACY_STANDARDS, ...solution.standards });

/** The default language first, then the additional ones (the app's rule, src/shared/languages.ts). */
export const solutionLanguages = (solution: Pick<ConsentSolutionRow, 'defaultLanguage' | 'additionalLanguages'>): LanguageCode[] =>
  sharedSolutionLanguages(solution);

/** Re-derives a solution's `domains` summary from the domains collection (call after every domain change). */
export const syncSummary = (store: Store, solution: ConsentSolutionRow): void => {
  solution.domains = domainRows(store)
    .filter((d) => d.consentSolutionId === solution.id)
    .sort((a, b) => a.id - b.id)
    .map(summaryOf);
};
