import { isIP } from 'node:net';

/**
 * SEC-7: the login throttle. It slows guessing without locking the real user out:
 *
 * - per (account, address): after `perPair` failures every further attempt from that address
 *   on that account waits, the wait doubling with each failure (`baseDelayMs` … `maxDelayMs`);
 * - per account: after `perAccount` failures from all addresses together, the addresses that
 *   have failed on the account wait as well (a distributed guess); an address that has not
 *   failed on it is still let through, so the owner logs in with the right password;
 * - per address: an address with `perAddress` failures over many accounts (password spraying)
 *   waits after its first failure on any account, instead of after `perPair`; people behind
 *   the same address who type their password right are never stopped.
 *
 * A waiting attempt is answered 429 with `Retry-After` and its password is not checked. An
 * attempt counts as a failure from the moment it is let through until its password is found
 * right, so parallel attempts cannot all slip past the counters. Counters are in memory (the
 * dev API is one process) and forgotten `windowMs` after their last failure.
 */
export interface ThrottleLimits {
  perPair: number;
  perAccount: number;
  perAddress: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perPair: 5,
  perAccount: 20,
  perAddress: 30,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  windowMs: 60 * 60 * 1000,
};

/** Counters kept at most; the oldest go first (an attacker cycling addresses cannot fill the memory). */
const MAX_COUNTERS = 100_000;

interface Counter {
  failures: number;
  lastFailureAt: number;
}

/**
 * The part of a client address that one client controls: an IPv4 address, or the /64 prefix
 * of an IPv6 one (a single host usually holds a whole /64, and would otherwise get 2^64 tries).
 */
export const addressKey = (address: string | undefined): string => {
  const plain = (address ?? '').replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (isIP(plain) !== 6) return plain || 'unknown';
  const [head = '', tail] = plain.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
};

export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => Date,
  ) {}

  private read(key: string): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && this.now().getTime() - counter.lastFailureAt > this.limits.windowMs) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** Milliseconds still to wait once a counter passed `free` failures (0 when none). */
  private waitMs(counter: Counter | undefined, free: number): number {
    if (!counter || counter.failures < free) return 0;
    const delay = Math.min(this.limits.baseDelayMs * 2 ** (counter.failures - free), this.limits.maxDelayMs);
    return Math.max(0, counter.lastFailureAt + delay - this.now().getTime());
  }

  private bump(key: string): void {
    const failures = (this.read(key)?.failures ?? 0) + 1;
    // Re-inserted so the map stays ordered by last failure, oldest first.
    this.counters.delete(key);
    this.counters.set(key, { failures, lastFailureAt: this.now().getTime() });
    for (const oldest of this.counters.keys()) {
      if (this.counters.size <= MAX_COUNTERS) break;
      this.counters.delete(oldest);
    }
  }

  private takeBack(key: string): void {
    const counter = this.read(key);
    if (!counter) return;
    if (counter.failures <= 1) this.counters.delete(key);
    else counter.failures -= 1;
  }

  private keys(email: string, address: string): { pair: string; account: string; client: string } {
    const client = addressKey(address);
    return { pair: `pair:${email}\n${client}`, account: `account:${email}`, client: `address:${client}` };
  }

  /**
   * Before a password is checked: the milliseconds this attempt must still wait (it is not
   * counted), or 0 when it may go ahead (it is counted as a failure until `succeeded`).
   */
  begin(email: string, address: string): number {
    const keys = this.keys(email, address);
    const pair = this.read(keys.pair);
    const spraying = (this.read(keys.client)?.failures ?? 0) >= this.limits.perAddress;
    const wait = Math.max(
      this.waitMs(pair, spraying ? 1 : this.limits.perPair),
      // The account's lock applies only to addresses that have failed on it.
      pair ? this.waitMs(this.read(keys.account), this.limits.perAccount) : 0,
    );
    if (wait > 0) return wait;
    this.bump(keys.pair);
    this.bump(keys.account);
    this.bump(keys.client);
    return 0;
  }

  /** The password was right: the pair starts afresh; the attempt no longer counts against the account or the address. */
  succeeded(email: string, address: string): void {
    const keys = this.keys(email, address);
    this.counters.delete(keys.pair);
    this.takeBack(keys.account);
    this.takeBack(keys.client);
  }
}
