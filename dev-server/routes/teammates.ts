import { z } from 'zod';
import { emailSchema } from '../../src/schemas/auth';
import { isEmailTaken } from '../auth/accountUsers';
import type { MailLanguage } from '../auth/invitationMail';
import { sendActivationEmail, sendInvitationNotice } from '../auth/passwordTokens';
import { shownAuthor } from '../auth/staffIdentity';
import { dummyHash } from '../auth/passwords';
import type { Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import { collectionRoutes, type CollectionDefinition } from '../collections/collectionRoutes';
import type { Feature } from '../context/feature';
import { accountById } from '../data/accounts';
import { ownTeammate, toTeammate, userRows, USERS } from '../data/users';
import { ApiError, violation } from '../http/errors';
import type { Account, User } from '../store/types';
import { parseOrThrow } from '../http/validation';

/**
 * Teammates (ROUTE-8, ENT-4): the users of the account the request acts on, a plain collection
 * (`users`) without updates. Invitation creates a pending user and emails an activation link;
 * the password hash never leaves the server (every answer is `toTeammate`).
 */

const LIST_FIELDS: ReadonlySet<string> = new Set(['email', 'name', 'status', 'createdAt', 'lastSeenAt']);

/** `language`: the inviting admin's, for the mail (English when not given). */
const inviteSchema = z.object({ email: emailSchema, language: z.enum(['en', 'fr']).default('en') });

interface Invitation {
  email: string;
  /** A hash of random bytes: nobody knows the password, so login fails until activation. */
  passwordHash: string;
  language: MailLanguage;
}

const teammateCollection = (ctx: ServerContext): CollectionDefinition<User, Invitation, never> => {
  const users = (): User[] => userRows(ctx.store);
  const accountOf = (caller: Session): Account | undefined => accountById(ctx.store, caller.accountId);

  return {
    name: USERS,
    path: '/teammates',
    operations: { read: 'teammates.read', write: 'teammates.invite', delete: 'teammates.delete' },
    own: (caller, id) => ownTeammate(ctx.store, caller, id),
    list: { fields: LIST_FIELDS, matches: (row, needle) => row.email.toLowerCase().includes(needle) },
    answer: toTeammate,
    validate: {
      create: async (body) => {
        const { email, language } = parseOrThrow(inviteSchema, body);
        return { email, language, passwordHash: await dummyHash(ctx.bcryptCost) };
      },
    },
    rules: {
      create: ({ email, passwordHash }, caller) => {
        const normalised = email.toLowerCase();
        // Only the acting account's own users may be named: saying so about another customer's
        // would reveal who uses the service (SEC-7), so such an email gets an invitation as well.
        if (users().some((u) => u.accountId === caller.accountId && u.email.toLowerCase() === normalised)) {
          throw new ApiError(409, [violation('error.backend.teammate_already_exists', 'email')]);
        }
        return {
          email,
          name: email.split('@')[0] ?? email,
          phone: null,
          passwordHash,
          // An agency's client account gets client users; every other account customers.
          roles: accountOf(caller)?.parentAccountId ? ['ROLE_CLIENT'] : ['ROLE_USER'],
          accountId: caller.accountId,
          status: 'pending',
          createdAt: ctx.now().toISOString(),
          lastSeenAt: null,
        };
      },
      /** Refused: removing yourself (403), the last active user of the account (409). */
      delete: (user, caller) => {
        if (user.id === caller.userId) throw new ApiError(403, 'error.backend.not_allowed_delete_self');
        const activeLeft = users().filter((u) => u.accountId === user.accountId && u.status === 'active' && u.id !== user.id);
        if (user.status === 'active' && activeLeft.length === 0) throw new ApiError(409, 'error.backend.last_active_user');
      },
    },
    after: {
      create: (user, { language }, caller) => {
        // DEPLOY-6: staff acting on a customer's account invite as the provider, unnamed.
        const named = shownAuthor(ctx.store, { userId: user.id, accountId: user.accountId, roles: user.roles }, caller.user.email) !== null;
        const invitation = {
          inviter: named ? { name: caller.user.name, email: caller.user.email } : null,
          company: accountOf(caller)?.name ?? '',
          language,
        };
        // After the answer, as every email: the request does the same work whoever owns the address.
        ctx.mail.enqueue(() => {
          if (isEmailTaken(users(), user.email, user.id)) sendInvitationNotice(ctx, user, invitation);
          else sendActivationEmail(ctx, user, invitation);
        });
      },
    },
  };
};

export const teammatesFeature: Feature = {
  name: 'teammates',
  routes: (ctx, { bridge }) => [collectionRoutes(ctx, bridge, teammateCollection(ctx))],
};
