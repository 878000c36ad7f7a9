import { Router } from 'express';
import { newPasswordSchema, recoveryEmailSchema } from '../../src/schemas/auth';
import { accountUserByEmail, isEmailTaken } from '../auth/accountUsers';
import { sendRecoveryEmail, safeEqual, sha256 } from '../auth/passwordTokens';
import { hashPassword } from '../auth/passwords';
import { endUserSessions } from '../auth/sessions';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, asyncHandler } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { userRows } from '../data/users';
import type { PasswordToken } from '../store/types';

const FIELD_FIRST = 'fos_user_resetting_form[plainPassword][first]';
const FIELD_SECOND = 'fos_user_resetting_form[plainPassword][second]';
const FIELD_CSRF = 'fos_user_resetting_form[_token]';

const field = (body: unknown, name: string): string | undefined => {
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

/** API-3 / API-4: password recovery and first password of a pending user. */
const lostPasswordRoutes = (ctx: ServerContext): Router => {
  const router = Router();
  const tokens = (): PasswordToken[] => ctx.store.rows<PasswordToken>('passwordTokens');

  router.post('/lost-password/send-email', acceptBody({ multipart: true }), (req, res) => {
    const email = parseOrThrow(recoveryEmailSchema, { username: field(req.body, 'username') }).username.toLowerCase();
    // SEC-7: the same answer and the same work whether or not the email is known (no user
    // enumeration, also by timing): the lookup, token and email happen after the answer.
    ctx.mail.enqueue(() => {
      const user = accountUserByEmail(userRows(ctx.store), email);
      if (user && user.status !== 'disabled') sendRecoveryEmail(ctx, user);
    });
    res.json({});
  });

  router.post(
    '/lost-password/reset/:token',
    acceptBody({ multipart: true }),
    asyncHandler(async (req, res) => {
      const now = ctx.now();
      const tokenHash = sha256(req.params.token ?? '');
      const record = tokens().find((t) => t.tokenHash === tokenHash);
      const user = record ? userRows(ctx.store).find((u) => u.id === record.userId) : undefined;
      // An invitation whose email has since become another account's user can no longer be accepted.
      const superseded = user?.status === 'pending' && isEmailTaken(userRows(ctx.store), user.email, user.id);
      if (!record || !user || record.usedAt !== null || new Date(record.expiresAt) <= now || user.status === 'disabled' || superseded) {
        throw new ApiError(404, 'error.backend.token_not_found');
      }
      const csrf = field(req.body, FIELD_CSRF);
      if (!csrf || !safeEqual(csrf, record.csrfToken)) throw new ApiError(400, 'error.backend.invalid_csrf_token');

      const passwords = parseOrThrow(
        newPasswordSchema,
        { first: field(req.body, FIELD_FIRST), second: field(req.body, FIELD_SECOND), token: csrf },
        (path) => `plainPassword.${path}`,
      );

      // Claim the token before the (async) hashing so a parallel request cannot use it twice.
      for (const t of tokens().filter((t) => t.userId === user.id && t.usedAt === null)) t.usedAt = now.toISOString();
      ctx.store.write();
      const passwordHash = await hashPassword(passwords.first, ctx.bcryptCost);
      const passwordCreated = user.status === 'pending';
      // SEC-3: a new password ends every session of the user (written with the password).
      endUserSessions(ctx.store, user.id);
      user.passwordHash = passwordHash;
      if (passwordCreated) user.status = 'active';
      ctx.store.write();
      res.json({ passwordCreated });
    }),
  );

  return router;
};

export const lostPasswordFeature: Feature = {
  name: 'lost-password',
  routes: (ctx) => [lostPasswordRoutes(ctx)],
};
