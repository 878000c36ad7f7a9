import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

export const MIN_BCRYPT_COST = 10;

export const hashPassword = (plain: string, cost: number): Promise<string> =>
  bcrypt.hash(plain, Math.max(cost, MIN_BCRYPT_COST));

export const verifyPassword = (plain: string, hash: string): Promise<boolean> => bcrypt.compare(plain, hash);

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at the server's cost. Comparing an unknown email's attempt
 * against it makes "unknown email" take as long as "wrong password" (no user enumeration).
 */
export const dummyHash = (cost: number): Promise<string> => {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
};
