import bcrypt from 'bcryptjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PasswordToken, User } from '../store/types';
import { latestLinkTokens, login, messageKeys, multipart, postJson, setPasswordByEmailLink } from './http';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
beforeAll(async () => {
  // Seeded at cost 10 and hashing new passwords at 12, as a database seeded before a cost raise.
  server = await startTestServer({ bcryptCost: 12, loginThrottle: { perPair: 1000, perAccount: 1000, perAddress: 1000 } });
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const attempt = (email: string) => postJson(server.baseUrl, '/login_check', { email, password: 'Wrong-Password-1' });
const outboxFor = (email: string) => server.context.outbox.list().filter((mail) => mail.to === email);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('login timing (SEC-7)', () => {
  it('[SEC-7] a known and an unknown email each cost one bcrypt compare, at the cost of the stored hashes', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    const known = await attempt('owner@demo.test');
    const unknown = await attempt('nobody-at-all@demo.test');
    expect([known.status, unknown.status]).toEqual([401, 401]);
    expect(compare).toHaveBeenCalledTimes(2);
    const [knownHash, unknownHash] = compare.mock.calls.map(([, hash]) => String(hash));
    const stored = server.store.state().users.find((u) => u.email === 'owner@demo.test')?.passwordHash ?? '';
    expect(knownHash).toBe(stored);
    expect(bcrypt.getRounds(unknownHash ?? '')).toBe(bcrypt.getRounds(stored));
  });

  it('[SEC-7] coarse check: the median time of an unknown email is within a factor 2 of a known one', async () => {
    await attempt('nobody-warm-up@demo.test');
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    // Interleaved, so a load change on the machine hits both series alike.
    for (let i = 0; i < 9; i++) {
      for (const [kind, email] of [
        ['known', 'owner@demo.test'],
        ['unknown', `nobody${i}@demo.test`],
      ] as const) {
        const start = performance.now();
        await attempt(email);
        times[kind].push(performance.now() - start);
      }
    }
    const ratio = median(times.unknown) / median(times.known);
    expect(ratio, `known ${median(times.known).toFixed(0)} ms, unknown ${median(times.unknown).toFixed(0)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('password recovery work (SEC-7)', () => {
  it('[SEC-7] a known and an unknown email get the same answer after the same work: the token and email come after the answer', async () => {
    const jobs: (() => void)[] = [];
    const enqueue = vi.spyOn(server.context.mail, 'enqueue').mockImplementation((job) => {
      jobs.push(job);
    });
    const tokens = () => (server.store.state().passwordTokens as PasswordToken[]).length;
    const before = { tokens: tokens(), mails: server.context.outbox.list().length };
    const send = (username: string) => fetch(`${server.baseUrl}/lost-password/send-email`, { method: 'POST', body: multipart({ username }) });
    const known = await send('other@demo.test');
    const unknown = await send('nobody-recovering@demo.test');
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
    expect(enqueue).toHaveBeenCalledTimes(2);
    // Nothing was issued or written on the request path, for either.
    expect({ tokens: tokens(), mails: server.context.outbox.list().length }).toEqual(before);

    for (const job of jobs) job();
    expect(outboxFor('other@demo.test').at(-1)?.subject).toBe('Reset your password');
    expect(outboxFor('nobody-recovering@demo.test')).toEqual([]);
    expect(tokens()).toBe(before.tokens + 1);
  });
});

describe('teammate invitations (SEC-7)', () => {
  const invite = (cookie: string, email: string) => postJson(server.baseUrl, '/teammates', { email }, { cookie });
  const shape = async (res: Response) => {
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, keys: Object.keys(body).sort(), state: body.status, roles: body.roles, location: res.headers.get('location') !== null };
  };

  it('[SEC-7] inviting another customer’s user answers exactly as an unknown email: a pending teammate (201)', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const taken = await invite(owner, 'other@demo.test');
    const unknown = await invite(owner, 'never-seen@demo.test');
    expect(await shape(taken)).toEqual(await shape(unknown));
    expect(taken.status).toBe(201);
    await server.context.mail.idle();

    // The owner of the email learns why, with no link; the unknown invitee gets its link.
    expect(outboxFor('other@demo.test').at(-1)).toMatchObject({ subject: 'Olivia Owner invited you to join Demo Shop', link: '' });
    expect(outboxFor('never-seen@demo.test').at(-1)?.link).toMatch(/\/newpassword\//);
    // The existing user is untouched: same account, same password, recovery reaches it.
    const users = server.store.state().users.filter((u) => u.email === 'other@demo.test');
    expect(users.map((u) => [u.accountId, u.status]).sort()).toEqual([
      [1, 'pending'],
      [2, 'active'],
    ]);
    expect(await login(server.baseUrl, 'other@demo.test')).toContain('ci_hp=');
    // The inviter may still remove the pending invitation like any other.
    const pendingId = users.find((u) => u.accountId === 1)?.id;
    expect((await fetch(`${server.baseUrl}/teammates/${pendingId}`, { method: 'DELETE', headers: { cookie: owner } })).status).toBe(204);
    expect(await login(server.baseUrl, 'other@demo.test')).toContain('ci_hp=');
  });

  it('[SEC-7] an email invited by two customers: the first accepted wins, the other link no longer works', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const other = await login(server.baseUrl, 'other@demo.test');
    expect((await invite(other, 'sought-after@demo.test')).status).toBe(201);
    await server.context.mail.idle();
    const otherLink = await latestLinkTokens(server.baseUrl, 'sought-after@demo.test');
    expect((await invite(owner, 'sought-after@demo.test')).status).toBe(201);
    await server.context.mail.idle();
    expect((await setPasswordByEmailLink(server.baseUrl, 'sought-after@demo.test', 'Sought-After-2026')).status).toBe(200);

    const late = await fetch(`${server.baseUrl}/lost-password/reset/${otherLink.token}`, {
      method: 'POST',
      body: multipart({
        'fos_user_resetting_form[plainPassword][first]': 'Another-Pass-2026',
        'fos_user_resetting_form[plainPassword][second]': 'Another-Pass-2026',
        'fos_user_resetting_form[_token]': otherLink.csrf,
      }),
    });
    expect([late.status, await messageKeys(late)]).toEqual([404, ['error.backend.token_not_found']]);
    const cookie = await login(server.baseUrl, 'sought-after@demo.test', 'Sought-After-2026');
    const me = (await (await fetch(`${server.baseUrl}/teammates?q=sought-after`, { headers: { cookie } })).json()) as User[];
    expect(me.map((u) => u.status)).toEqual(['active']);
  });

  it('[SEC-7] an email already in the caller’s own account still answers 409 teammate_already_exists', async () => {
    const owner = await login(server.baseUrl, 'owner@demo.test');
    const res = await invite(owner, 'Pending@demo.test');
    expect([res.status, await messageKeys(res)]).toEqual([409, ['error.backend.teammate_already_exists']]);
  });
});
