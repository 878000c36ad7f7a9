import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

export const MIN_BCRYPT_COST = 10;
/** The cost new passwords are hashed with unless configured otherwise (and the seed's). */
export const DEFAULT_BCRYPT_COST = 12;

export const hashPassword = (plain: string, cost: number): Promise<string> => bcrypt.hash(plain, Math.max(cost, MIN_BCRYPT_COST));

export const verifyPassword = (plain: string, hash: string): Promise<boolean> => bcrypt.compare(plain, hash);

/** The cost factor a bcrypt hash was made with (`$2b$12$…` → 12), or undefined for anything else. */
const hashCost = (hash: string): number | undefined => {
  const match = /^\$2[abxy]?\$(\d{2})\$/.exec(hash);
  return match?.[1] === undefined ? undefined : Number(match[1]);
};

/**
 * The cost most stored hashes have: what checking the password of a known email costs. Costs
 * differ when a database was seeded at one cost and the server hashes at another.
 */
const usualCost = (hashes: Iterable<string>, fallback: number): number => {
  const counts = new Map<number, number>();
  for (const hash of hashes) {
    const cost = hashCost(hash);
    if (cost !== undefined) counts.set(cost, (counts.get(cost) ?? 0) + 1);
  }
  let best = fallback;
  let bestCount = 0;
  for (const [cost, count] of counts) {
    if (count > bestCount) [best, bestCount] = [cost, count];
  }
  return best;
};

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at `cost`. Comparing an unknown email's attempt against it makes
 * "unknown email" take as long as "wrong password" (no user enumeration), provided `cost` is the
 * cost of the stored hashes (`usualCost`), not merely the configured one.
 */
export const dummyHash = (cost: number): Promise<string> => {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = bcrypt.hash(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
};

/** The dummy hash for a login with an unknown email: at the cost of the stored users' hashes. */
export const loginDummyHash = (users: readonly { passwordHash: string }[], fallbackCost: number): Promise<string> =>
  dummyHash(
    usualCost(
      users.map((user) => user.passwordHash),
      fallbackCost,
    ),
  );
