import type { Store } from '../store/store';

/**
 * DEPLOY-1: the key session JWTs are signed with. Production configures it (`JWT_SECRET`, kept
 * out of the database file and its backups); a dev database carries its own, generated at seed.
 */
const configured = new WeakMap<Store, string>();

export const useSessionSecret = (store: Store, secret: string): void => {
  configured.set(store, secret);
};

export const sessionSecretOf = (store: Store): string => configured.get(store) ?? store.meta().jwtSecret;
