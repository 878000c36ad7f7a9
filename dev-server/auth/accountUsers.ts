import type { User } from '../store/types';

/**
 * Users by email. An email names at most one account user (active or disabled); `pending`
 * rows are invitations, and several customers may have invited the same email, because an
 * invitation must not reveal whether an email is already taken (SEC-7). The account user wins;
 * without one, the oldest invitation.
 */
export const accountUserByEmail = (users: readonly User[], email: string): User | undefined => {
  const wanted = email.toLowerCase();
  const matching = users.filter((user) => user.email.toLowerCase() === wanted);
  return matching.find((user) => user.status !== 'pending') ?? matching[0];
};

/** Whether `email` already belongs to an account user other than `except` (an invitation row). */
export const isEmailTaken = (users: readonly User[], email: string, except?: number): boolean => {
  const wanted = email.toLowerCase();
  return users.some((user) => user.id !== except && user.status !== 'pending' && user.email.toLowerCase() === wanted);
};
