import { envDefaults } from './envDefaults';

/**
 * The app's configuration, read from `import.meta.env` once (Vite inlines it at build time).
 * Its rules are in envSchema.ts (zod), checked when Vite starts (scripts/vite/validateEnv.ts):
 * a bad value fails the build, so the app itself never ships the rules (docs/performance.md).
 */
const raw = import.meta.env;

const value = (text: string | undefined): string | undefined => (text === undefined || text.trim() === '' ? undefined : text.trim());
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const translationsUrl = value(raw.VITE_TRANSLATIONS_URL);

export const env = {
  apiUrl: withoutTrailingSlash(value(raw.VITE_API_URL) ?? envDefaults.VITE_API_URL),
  signupUrl: value(raw.VITE_SIGNUP_URL) ?? envDefaults.VITE_SIGNUP_URL,
  oldDashboardUrl: value(raw.VITE_OLD_DASHBOARD_URL) ?? envDefaults.VITE_OLD_DASHBOARD_URL,
  /** Unset = the bundled catalogues only (API-6). */
  translationsUrl: translationsUrl === undefined ? undefined : withoutTrailingSlash(translationsUrl),
  // The integrations' ids and scripts (PROD-6) are read by src/integrations/integrationsEnv.ts,
  // which only the admin chunk imports: they cost the login route nothing.
} as const;
