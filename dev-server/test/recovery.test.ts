import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendActivationEmail } from '../auth/passwordTokens';
import type { OutboxEmail } from '../auth/outbox';
import type { PasswordToken, User } from '../store/types';
import { messageKeys, multipart, postJson, violationsOf } from './http';
import { devHeaders, insertRow, startTestServer, type TestServer } from './startTestServer';

let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
});
afterAll(() => server.close());

const sendEmail = (username: string) => fetch(`${server.baseUrl}/lost-password/send-email`, { method: 'POST', body: multipart({ username }) });

const outbox = async (): Promise<OutboxEmail[]> => (await fetch(`${server.baseUrl}/dev/outbox`, { headers: devHeaders() })).json() as Promise<OutboxEmail[]>;

/** Requests a recovery email and returns the token and csrf from its link. */
const requestLink = async (email: string): Promise<{ token: string; csrf: string }> => {
  expect((await sendEmail(email)).status).toBe(200);
  const last = (await outbox()).at(-1);
  const match = /\/newpassword\/([^/]+)\/([^/]+)\/$/.exec(last?.link ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no link in ${JSON.stringify(last)}`);
  return { token: match[1], csrf: match[2] };
};

const reset = (token: string, first: string, second: string, csrf: string) =>
  fetch(`${server.baseUrl}/lost-password/reset/${token}`, {
    method: 'POST',
    body: multipart({
      'fos_user_resetting_form[plainPassword][first]': first,
      'fos_user_resetting_form[plainPassword][second]': second,
      'fos_user_resetting_form[_token]': csrf,
    }),
  });

const GOOD = 'Brand-New-Pass-42';

describe('POST /lost-password/send-email', () => {
  it('[API-3] answers {} for a known and an unknown email alike', async () => {
    const known = await sendEmail('owner@demo.test');
    const unknown = await sendEmail('nobody@demo.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    const emails = await outbox();
    expect(emails.filter((e) => e.to === 'nobody@demo.test')).toEqual([]);
  });

  it('[API-3] writes the recovery email with the link to the outbox; stores only a hash of the token', async () => {
    const before = (await outbox()).length;
    const { token, csrf } = await requestLink('other@demo.test');
    const emails = await outbox();
    expect(emails).toHaveLength(before + 1);
    const email = emails.at(-1);
    expect(email).toMatchObject({ to: 'other@demo.test', link: `http://127.0.0.1:5173/newpassword/${token}/${csrf}/` });
    expect(email?.text).toContain(email?.link);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const raw = JSON.stringify(server.store.state().passwordTokens);
    expect(raw).not.toContain(token);
  });

  it('[API-3] answers 400 for a malformed email, and 415 for a non-multipart body', async () => {
    const res = await sendEmail('not an email');
    expect(res.status).toBe(400);
    expect((await violationsOf(res))[0]?.propertyPath).toBe('username');
    const json = await postJson(server.baseUrl, '/lost-password/send-email', { username: 'owner@demo.test' });
    expect(json.status).toBe(415);
  });
});

describe('POST /lost-password/reset/:token', () => {
  it('[API-4] sets the new password (passwordCreated false for an active user); the token is single use', async () => {
    const { token, csrf } = await requestLink('owner@demo.test');
    const res = await reset(token, GOOD, GOOD, csrf);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ passwordCreated: false });
    expect((await postJson(server.baseUrl, '/login_check', { email: 'owner@demo.test', password: GOOD })).status).toBe(200);

    const again = await reset(token, GOOD, GOOD, csrf);
    expect(again.status).toBe(404);
    expect(await messageKeys(again)).toEqual(['error.backend.token_not_found']);
  });

  it('[API-4] answers 404 token_not_found for an unknown and an expired token', async () => {
    expect(await messageKeys(await reset('unknown-token', GOOD, GOOD, 'x'))).toEqual(['error.backend.token_not_found']);
    const { token, csrf } = await requestLink('other@demo.test');
    clock += 24 * 60 * 60 * 1000 + 1000;
    try {
      const res = await reset(token, GOOD, GOOD, csrf);
      expect(res.status).toBe(404);
      expect(await messageKeys(res)).toEqual(['error.backend.token_not_found']);
    } finally {
      clock = Date.now();
    }
  });

  it('[API-4] answers 400 invalid_csrf_token when the form token does not match', async () => {
    const { token } = await requestLink('other@demo.test');
    const res = await reset(token, GOOD, GOOD, 'wrong-csrf');
    expect(res.status).toBe(400);
    expect(await messageKeys(res)).toEqual(['error.backend.invalid_csrf_token']);
  });

  it('[VAL-2] answers passwords_must_match on plainPassword.second', async () => {
    const { token, csrf } = await requestLink('other@demo.test');
    const res = await reset(token, GOOD, `${GOOD}x`, csrf);
    expect(res.status).toBe(400);
    expect(await violationsOf(res)).toEqual([{ propertyPath: 'plainPassword.second', messageKey: 'error.backend.passwords_must_match' }]);
  });

  it.each([
    ['Short-1a', ['auth.password_rule_length']],
    ['NOLOWERCASE-123', ['auth.password_rule_lowercase']],
    ['nouppercase-123', ['auth.password_rule_uppercase']],
    ['No-Digits-Here', ['auth.password_rule_numeric']],
    ['abc', ['auth.password_rule_length', 'auth.password_rule_uppercase', 'auth.password_rule_numeric']],
  ])('[VAL-2] reports every failed rule of %s on plainPassword.first', async (password, keys) => {
    const { token, csrf } = await requestLink('other@demo.test');
    const res = await reset(token, password, password, csrf);
    expect(res.status).toBe(400);
    expect(await violationsOf(res)).toEqual(keys.map((messageKey) => ({ propertyPath: 'plainPassword.first', messageKey })));
    // A rejected attempt does not consume the token.
    expect((await reset(token, GOOD, GOOD, csrf)).status).toBe(200);
  });

  it('[API-4] activates a pending user (passwordCreated true), who can then log in', async () => {
    const before = await postJson(server.baseUrl, '/login_check', { email: 'pending@demo.test', password: GOOD });
    expect(before.status).toBe(401);
    const { token, csrf } = await requestLink('pending@demo.test');
    const res = await reset(token, GOOD, GOOD, csrf);
    expect(await res.json()).toEqual({ passwordCreated: true });
    expect((await postJson(server.baseUrl, '/login_check', { email: 'pending@demo.test', password: GOOD })).status).toBe(200);
  });

  it('[API-4] sendActivationEmail issues an invitation link that activates a new pending user', async () => {
    const invited = insertRow<User>(server.store, 'users', {
      email: 'invited@demo.test',
      name: 'Ivy Invited',
      phone: null,
      passwordHash: '!',
      roles: ['ROLE_USER'],
      accountId: 1,
      status: 'pending',
      createdAt: new Date().toISOString(),
      lastSeenAt: null,
    });
    const issued = sendActivationEmail(server.context, invited, {
      inviter: { name: 'Olivia Owner', email: 'owner@demo.test' },
      company: 'Demo Shop',
      language: 'en',
    });
    expect((await outbox()).at(-1)).toMatchObject({ to: 'invited@demo.test', link: issued.link });
    expect(server.store.rows<PasswordToken>('passwordTokens').find((t) => t.id === issued.record.id)?.purpose).toBe('activation');
    const res = await reset(issued.token, GOOD, GOOD, issued.csrfToken);
    expect(await res.json()).toEqual({ passwordCreated: true });
    expect(server.store.rows<User>('users').find((u) => u.id === invited.id)?.status).toBe('active');
  });

  it('[API-4] GET /dev/outbox is not served when dev mode is off', async () => {
    const prod = await startTestServer({ devMode: false });
    try {
      const res = await fetch(`${prod.baseUrl}/dev/outbox`, { headers: devHeaders() });
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
