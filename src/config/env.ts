import { envDefaults } from './envDefaults';

/**
 * The app's configuration, read from `import.meta.env` once (Vite inlines it at build time).
 * Its rules are in envSchema.ts (zod), checked right after start-up by main.tsx and in
 * env.test.ts; they are not imported here because this module is in the login route's entry
 * chunk and classic zod would cost ~15 kB gzip of its 150 kB budget (performance.md).
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
  /** Unset = the chat widget adapter stays a logged no-op (PROD-6). */
  chatAppId: value(raw.VITE_CHAT_APP_ID),
  /** The vendor's script (`{id}` = the app id) and the command function it defines (API-7). */
  chatScriptUrl: value(raw.VITE_CHAT_SCRIPT_URL),
  chatGlobal: value(raw.VITE_CHAT_GLOBAL) ?? envDefaults.VITE_CHAT_GLOBAL,
  /** Unset = the session-recording adapter stays a logged no-op (PROD-6). */
  recordingSiteId: value(raw.VITE_RECORDING_SITE_ID),
  recordingScriptUrl: value(raw.VITE_RECORDING_SCRIPT_URL),
  recordingGlobal: value(raw.VITE_RECORDING_GLOBAL) ?? envDefaults.VITE_RECORDING_GLOBAL,
  /** Unset = no session-analytics tag; the data layer still collects events (API-7). */
  analyticsId: value(raw.VITE_ANALYTICS_ID),
  analyticsScriptUrl: value(raw.VITE_ANALYTICS_SCRIPT_URL),
} as const;

export type Env = typeof env;
