import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { emailSchema } from '../../src/schemas/auth';
import { isEmailTaken } from '../auth/accountUsers';
import { sendActivationEmail, sendInvitationNotice } from '../auth/passwordTokens';
import { dummyHash } from '../auth/passwords';
import { getSession, requireSession } from '../auth/session';
import type { ServerContext } from '../context/context';
import { permit } from '../guards/permissions';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, violation } from '../http/errors';
import { removeRow } from '../store/cascade';
import type { Account, User } from '../store/types';
import { listRows } from './listRows';
import { noQuery, parseId } from '../http/query';
import { parseOrThrow } from '../http/validation';

/**
 * Teammates (ROUTE-8, ENT-4): the users of the account the request acts on. Invitation creates
 * a pending user and emails an activation link; the password hash never leaves the server.
 */

const PATH = '/teammates';
const ITEM = `${PATH}/:id`;

const LIST_FIELDS: ReadonlySet<string> = new Set(['email', 'name', 'status', 'createdAt', 'lastSeenAt']);

/** The teammate as the API answers it: no hash, no phone. */
export const toTeammate = (user: User) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  roles: user.roles,
  status: user.status,
  createdAt: user.createdAt,
  lastSeenAt: user.lastSeenAt,
});

const inviteSchema = z.object({ email: emailSchema });

export const teammateRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const users = () => ctx.store.rows<User>('users');

  /** The teammate of the acting account, or 404 (also for another account's user: no leak). */
  const teammateOf = (req: Request): User => {
    const id = parseId(req.params.id);
    const user = id === undefined ? undefined : users().find((u) => u.id === id);
    if (!user || user.accountId !== getSession(req).accountId) throw new ApiError(404, 'error.backend.not_found');
    return user;
  };

  router.get(PATH, session, permit('teammates.read'), (req, res) => {
    const caller = getSession(req);
    const { page, total } = listRows(users(), req.query, {
      fields: LIST_FIELDS,
      scope: (row) => row.accountId === caller.accountId,
      matches: (row, needle) => row.email.toLowerCase().includes(needle),
    });
    res.setHeader('X-Total-Count', total);
    res.json(page.map(toTeammate));
  });

  /** Invite by email: a pending user with an unusable password until the link is followed. */
  router.post(PATH, session, noQuery, permit('teammates.invite'), acceptBody({ json: true }), async (req, res, next) => {
    try {
      const caller = getSession(req);
      const { email } = parseOrThrow(inviteSchema, req.body);
      const normalised = email.toLowerCase();
      // Only the acting account's own users may be named: saying so about another customer's
      // would reveal who uses the service (SEC-7), so such an email gets an invitation as well.
      if (users().some((u) => u.accountId === caller.accountId && u.email.toLowerCase() === normalised)) {
        throw new ApiError(409, [violation('error.backend.teammate_already_exists', 'email')]);
      }
      const account = ctx.store.collection<Account>('accounts').find(caller.accountId);
      // A hash of random bytes: nobody knows the password, so login fails until activation.
      const passwordHash = await dummyHash(ctx.bcryptCost);
      const user = ctx.store.collection<User>('users').insert({
        email,
        name: email.split('@')[0] ?? email,
        phone: null,
        passwordHash,
        // An agency's client account gets client users; every other account customers.
        roles: account?.parentAccountId ? ['ROLE_CLIENT'] : ['ROLE_USER'],
        accountId: caller.accountId,
        status: 'pending',
        createdAt: ctx.now().toISOString(),
        lastSeenAt: null,
      });
      // After the answer, as every email: the request does the same work whoever owns the address.
      ctx.mail.enqueue(() => {
        if (isEmailTaken(users(), user.email, user.id)) sendInvitationNotice(ctx, user, account?.name ?? '');
        else sendActivationEmail(ctx, user);
      });
      res.status(201).location(`${PATH}/${user.id}`).json(toTeammate(user));
    } catch (error) {
      next(error);
    }
  });

  router.all(PATH, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  /** Ownership before role, as every item route: another account's id answers like a missing one. */
  const own: RequestHandler = (req, _res, next) => {
    teammateOf(req);
    next();
  };

  router.get(ITEM, session, noQuery, own, permit('teammates.read'), (req, res) => {
    res.json(toTeammate(teammateOf(req)));
  });

  /** Refused: removing yourself (403), the last active user of the account (409). */
  router.delete(ITEM, session, noQuery, own, permit('teammates.delete'), (req, res) => {
    const caller = getSession(req);
    const user = teammateOf(req);
    if (user.id === caller.userId) throw new ApiError(403, 'error.backend.not_allowed_delete_self');
    const activeLeft = users().filter((u) => u.accountId === user.accountId && u.status === 'active' && u.id !== user.id);
    if (user.status === 'active' && activeLeft.length === 0) throw new ApiError(409, 'error.backend.last_active_user');
    // SEC-2/SEC-3: the removed user's open sessions and tokens end with it, in one write.
    removeRow(ctx.store, 'users', user.id);
    ctx.store.write();
    res.status(204).end();
  });

  router.all(ITEM, session, () => {
    throw new ApiError(405, 'error.backend.method_not_allowed');
  });

  return router;
};
