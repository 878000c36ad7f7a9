import type { DomainVerification } from '../../src/shared/domainVerification';
import type { Session } from '../auth/session';
import { shownAuthor } from '../auth/staffIdentity';
import { verificationOf } from '../data/domainVerification';
import type { Store } from '../store/store';
import type { DomainRow } from '../store/types';

type DomainAnswer = Omit<DomainRow, 'verification' | 'createdBy'> & { verification: DomainVerification; createdBy: string | null };

/** A domain as the API answers it: its proof of control with today's status (DEPLOY-4), staff unnamed (DEPLOY-6). */
export const domainAnswer = (store: Store, row: DomainRow, caller: Session, now: Date): DomainAnswer => ({
  ...structuredClone(row),
  createdBy: shownAuthor(store, caller, row.createdBy),
  verification: verificationOf(row, now),
});
