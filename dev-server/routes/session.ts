import { Router } from 'express';
import { loginSchema } from '../../src/schemas/auth';
import { accountUserByEmail } from '../auth/accountUsers';
import { clearSessionCookies, readSessionToken, setSessionCookies } from '../auth/cookies';
import { signSession, verifySession } from '../auth/jwt';
import { sessionSecretOf } from '../auth/sessionSecret';
import { endSession, openSession } from '../auth/sessions';
import { loginDummyHash, verifyPassword } from '../auth/passwords';
import type { ServerContext } from '../context/context';
import type { Feature } from '../context/feature';
import { clientAddress } from '../guards/trustedProxies';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, asyncHandler } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { userRows } from '../data/users';

/** API-2: POST /login_check and POST /logout (docs/api.md, "Session"). */
const sessionRoutes = (ctx: ServerContext): Router => {
  const router = Router();

  router.post(
    '/login_check',
    acceptBody({ json: true }),
    asyncHandler(async (req, res) => {
      const credentials = parseOrThrow(loginSchema, req.body);
      const email = credentials.email.toLowerCase();
      const address = clientAddress(req) ?? 'unknown';
      const waitMs = ctx.throttle.begin(email, address);
      if (waitMs > 0) {
        res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
        throw new ApiError(429, 'error.backend.too_many_attempts');
      }

      const user = accountUserByEmail(userRows(ctx.store), email);
      // Always one bcrypt compare, at the stored hashes' cost: an unknown email costs what a wrong password does.
      const passwordOk = await verifyPassword(credentials.password, user?.passwordHash ?? (await loginDummyHash(userRows(ctx.store), ctx.bcryptCost)));
      if (!user || !passwordOk) throw new ApiError(401, 'error.backend.invalid_credentials');
      ctx.throttle.succeeded(email, address);
      // Only now (password verified) may the answer reveal the account's state.
      if (user.status === 'pending') throw new ApiError(400, 'error.backend.not_activated_user');
      if (user.status === 'disabled') throw new ApiError(400, 'error.backend.user_disabled');

      const now = ctx.now();
      const { sessionId } = openSession(ctx.store, user.id, now);
      user.lastSeenAt = now.toISOString();
      ctx.store.write();
      const jwt = await signSession(user, sessionId, sessionSecretOf(ctx.store), now);
      setSessionCookies(res, jwt, ctx.secureCookies);
      res.json({ token_set: true, user: { id: user.id, email: user.email, roles: user.roles, account_id: user.accountId } });
    }),
  );

  /**
   * SEC-3: ends the session server-side (the cookie pair is refused from now on) and clears
   * the cookies. No session needed: logging out with an expired session must still clear them.
   */
  router.post(
    '/logout',
    asyncHandler(async (req, res) => {
      const token = readSessionToken(req);
      const claims = token ? await verifySession(token, sessionSecretOf(ctx.store), ctx.now()) : null;
      if (claims && endSession(ctx.store, claims.sid)) ctx.store.write();
      clearSessionCookies(res, ctx.secureCookies);
      res.status(204).end();
    }),
  );

  return router;
};

export const sessionFeature: Feature = {
  name: 'session',
  routes: (ctx) => [sessionRoutes(ctx)],
};
