import { describe, expect, it } from 'vitest';
import { addressKey, type ThrottleLimits } from '../auth/throttle';
import { DEMO_PASSWORD } from '../seed';
import { rawMessageKeys, rawRequest, type RawResponse } from './http';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * Each client is a loopback address of its own (127.0.0.0/8 is all local): the server sees
 * the real source address of each connection, as it would see people on other networks.
 */
const from = (server: TestServer, address: string, email: string, password: string): Promise<RawResponse> =>
  rawRequest(`${server.baseUrl}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    localAddress: address,
  });

const withServer = async (limits: Partial<ThrottleLimits>, test: (server: TestServer, advance: (ms: number) => void) => Promise<void>) => {
  let clock = Date.parse('2026-03-02T09:00:00Z');
  const server = await startTestServer({ now: () => new Date(clock), loginThrottle: limits });
  try {
    await test(server, (ms) => (clock += ms));
  } finally {
    await server.close();
  }
};

describe('login throttle', () => {
  it('[SEC-7] one address failing on one account backs off, doubling, with Retry-After; another address logs in', async () => {
    await withServer({ perPair: 3, perAccount: 100, perAddress: 100, baseDelayMs: 2000 }, async (server, advance) => {
      for (let i = 0; i < 3; i++) expect((await from(server, '127.0.0.2', 'owner@demo.test', 'wrong')).status).toBe(401);
      const held = await from(server, '127.0.0.2', 'owner@demo.test', DEMO_PASSWORD);
      expect([held.status, rawMessageKeys(held), held.headers['retry-after']]).toEqual([429, ['error.backend.too_many_attempts'], '2']);
      // The real owner, elsewhere, is not held back by someone else's guesses.
      expect((await from(server, '127.0.0.3', 'owner@demo.test', DEMO_PASSWORD)).status).toBe(200);

      advance(2000);
      expect((await from(server, '127.0.0.2', 'owner@demo.test', 'wrong')).status).toBe(401);
      expect((await from(server, '127.0.0.2', 'owner@demo.test', 'wrong')).headers['retry-after']).toBe('4');
      advance(4000);
      expect((await from(server, '127.0.0.2', 'owner@demo.test', DEMO_PASSWORD)).status).toBe(200);
      // A success starts the pair afresh.
      expect((await from(server, '127.0.0.2', 'owner@demo.test', 'wrong')).status).toBe(401);
      expect((await from(server, '127.0.0.2', 'owner@demo.test', 'wrong')).status).toBe(401);
    });
  });

  it('[SEC-7] a per-account lock (guesses from many addresses) holds back the addresses that failed, and lets a right password through from one that has not', async () => {
    await withServer({ perPair: 100, perAccount: 4, perAddress: 100 }, async (server) => {
      for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) {
        expect((await from(server, address, 'other@demo.test', 'wrong')).status).toBe(401);
      }
      const failedBefore = await from(server, '127.0.0.2', 'other@demo.test', DEMO_PASSWORD);
      expect(failedBefore.status).toBe(429);
      expect(Number(failedBefore.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from(server, '127.0.0.6', 'other@demo.test', DEMO_PASSWORD)).status).toBe(200);
      // A new address gets one guess, then waits like the others.
      expect((await from(server, '127.0.0.7', 'other@demo.test', 'wrong')).status).toBe(401);
      expect((await from(server, '127.0.0.7', 'other@demo.test', DEMO_PASSWORD)).status).toBe(429);
      // Other accounts are not concerned.
      expect((await from(server, '127.0.0.2', 'owner@demo.test', DEMO_PASSWORD)).status).toBe(200);
    });
  });

  it('[SEC-7] 30 failures from one address (spraying) do not lock out the other users behind it; the sprayer waits after each failure', async () => {
    await withServer({}, async (server) => {
      for (let i = 0; i < 30; i++) expect((await from(server, '127.0.0.2', `guess${i}@demo.test`, 'Password123')).status).toBe(401);
      expect((await from(server, '127.0.0.2', 'owner@demo.test', DEMO_PASSWORD)).status).toBe(200);
      expect((await from(server, '127.0.0.2', 'other@demo.test', DEMO_PASSWORD)).status).toBe(200);
      const again = await from(server, '127.0.0.2', 'guess0@demo.test', 'Password124');
      expect([again.status, again.headers['retry-after']]).toEqual([429, '1']);
      expect((await from(server, '127.0.0.2', 'agency@demo.test', 'typo')).status).toBe(401);
      expect((await from(server, '127.0.0.2', 'agency@demo.test', DEMO_PASSWORD)).status).toBe(429);
    });
  });

  it('[SEC-7] parallel guesses cannot slip past the limit while passwords are being checked', async () => {
    await withServer({ perPair: 3, perAccount: 100, perAddress: 100 }, async (server) => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => from(server, '127.0.0.2', 'owner@demo.test', 'wrong')));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    });
  });

  it('[SEC-7] failures are forgotten after the window', async () => {
    await withServer({ perPair: 2, perAccount: 100, perAddress: 100, windowMs: 60_000 }, async (server, advance) => {
      await from(server, '127.0.0.2', 'owner@demo.test', 'wrong');
      await from(server, '127.0.0.2', 'owner@demo.test', 'wrong');
      expect((await from(server, '127.0.0.2', 'owner@demo.test', DEMO_PASSWORD)).status).toBe(429);
      advance(61_000);
      expect((await from(server, '127.0.0.2', 'owner@demo.test', DEMO_PASSWORD)).status).toBe(200);
    });
  });

  it('[SEC-7] counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey(undefined)).toBe('unknown');
  });
});
