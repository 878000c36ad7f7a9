import type { DbState, User } from './store/types';

/**
 * DEPLOY-1: what production refuses to start with. Each answer completes a sentence that names
 * the setting ("JWT_SECRET is not set: …"), so the operator reads what to change.
 */

/** Values people leave in from an example or a tutorial; a secret that starts with one is a placeholder. */
const PLACEHOLDERS =
  /^((change[-_ ]?(me|it|this)|replace[-_ ]?me|secret|password|passw0rd|default|example|sample|test|dev|jwt[-_]?secret|your)([-_ .:]|$)|x{3,}|1234)/i;

/** Too few different characters to be random (`aaaa…`, `abababab…`). */
const MIN_DISTINCT_CHARACTERS = 10;

export const secretProblem = (value: string | undefined, minLength = 32): string | null => {
  if (value === undefined || value.trim() === '') return 'is not set';
  if (value.length < minLength) return `is too short (${value.length} characters, at least ${minLength})`;
  if (PLACEHOLDERS.test(value) || new Set(value).size < Math.min(MIN_DISTINCT_CHARACTERS, minLength)) return 'is a placeholder, not a random value';
  return null;
};

/** The demo logins' domain (seed/demoData.ts): a database holding them was seeded for a demo. */
const DEMO_EMAIL = /@demo\.test$/i;

/**
 * A production database must not hold the demo accounts, whose password is published in the
 * README: a database seeded by `npm start` or `npm run db:reset` is refused, not served.
 */
export const demoDataProblem = (state: Pick<DbState, 'users'>): string | null => {
  const demo = (state.users as User[]).filter((user) => DEMO_EMAIL.test(user.email));
  if (demo.length === 0) return null;
  return `The database holds ${demo.length} demo login(s) (${demo[0]?.email}…) whose password is public: production needs a database without them. Point DB_FILE at a new file and create the first administrator with npm run create-admin.`;
};
