import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store';
import { activationMail, invitationNoticeMail, type Invitation } from './invitationMail';
import type { Outbox } from './outbox';
import type { PasswordToken, User } from '../store/types';

/** What issuing and mailing a link needs (the server context has it all). */
interface MailContext {
  store: Store;
  outbox: Outbox;
  appUrl: string;
  now: () => Date;
}

const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Constant-time string comparison (hashing first makes the lengths equal). */
export const safeEqual = (a: string, b: string): boolean => timingSafeEqual(Buffer.from(sha256(a), 'hex'), Buffer.from(sha256(b), 'hex'));

interface IssuedToken {
  token: string;
  csrfToken: string;
  link: string;
  record: PasswordToken;
}

/**
 * A single-use password token: 256 random bits from the CSPRNG, only its SHA-256 stored (a
 * leaked DB does not leak usable links), a CSRF token the reset form must echo, 24 h expiry.
 */
const issuePasswordToken = (ctx: MailContext, user: User, purpose: PasswordToken['purpose']): IssuedToken => {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const now = ctx.now();
  const record: PasswordToken = {
    id: ctx.store.nextId('passwordTokens'),
    userId: user.id,
    purpose,
    tokenHash: sha256(token),
    csrfToken,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS).toISOString(),
    usedAt: null,
  };
  ctx.store.rows<PasswordToken>('passwordTokens').push(record);
  ctx.store.write();
  return { token, csrfToken, record, link: `${ctx.appUrl}/newpassword/${token}/${csrfToken}/` };
};

/** Token + recovery email for a known user (POST /lost-password/send-email). */
export const sendRecoveryEmail = (ctx: MailContext, user: User): IssuedToken => {
  const issued = issuePasswordToken(ctx, user, 'reset');
  ctx.outbox.send({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.name},\n\nTo choose a new password, open this link within 24 hours:\n${issued.link}\n\nIf you did not ask for it, ignore this email.`,
    link: issued.link,
    sentAt: ctx.now().toISOString(),
  });
  return issued;
};

/**
 * Token + activation email for a pending user (teammate invitations): the link opens the same
 * new-password screen; setting a password activates the user (`passwordCreated: true`). The
 * mail names who invites to which company, in the inviter's language.
 */
export const sendActivationEmail = (ctx: MailContext, user: User, invitation: Invitation): IssuedToken => {
  const issued = issuePasswordToken(ctx, user, 'activation');
  ctx.outbox.send({
    to: user.email,
    ...activationMail(invitation, issued.link),
    link: issued.link,
    sentAt: ctx.now().toISOString(),
  });
  return issued;
};

/**
 * SEC-7: an invitation to an email that already belongs to another customer's user. The
 * inviter sees the same pending teammate as for any invitation (nothing reveals that the email
 * is taken); the owner of the email learns why it cannot be accepted. No link: a user belongs
 * to one account.
 */
export const sendInvitationNotice = (ctx: MailContext, user: User, invitation: Invitation): void => {
  ctx.outbox.send({
    to: user.email,
    ...invitationNoticeMail(invitation),
    link: '',
    sentAt: ctx.now().toISOString(),
  });
};
