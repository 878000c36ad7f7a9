import { envDefaults } from '../config/envDefaults';

/**
 * The integrations' configuration (PROD-6, API-7), read once like src/config/env.ts and
 * validated by envSchema.ts. It lives here, imported only by the admin chunk, so none of it
 * weighs on the login route's entry chunk (docs/performance.md). Unset id = the adapter stays a
 * logged no-op; `{id}` in a script URL is replaced by the id.
 */
const raw = import.meta.env;
const value = (text: string | undefined): string | undefined => (text === undefined || text.trim() === '' ? undefined : text.trim());

export const integrationsEnv = {
  chatAppId: value(raw.VITE_CHAT_APP_ID),
  chatScriptUrl: value(raw.VITE_CHAT_SCRIPT_URL),
  /** The command function the chat vendor's script defines on `window`. */
  chatGlobal: value(raw.VITE_CHAT_GLOBAL) ?? envDefaults.VITE_CHAT_GLOBAL,
  recordingSiteId: value(raw.VITE_RECORDING_SITE_ID),
  recordingScriptUrl: value(raw.VITE_RECORDING_SCRIPT_URL),
  recordingGlobal: value(raw.VITE_RECORDING_GLOBAL) ?? envDefaults.VITE_RECORDING_GLOBAL,
  /** Unset = no session-analytics tag; the data layer still collects events. */
  analyticsId: value(raw.VITE_ANALYTICS_ID),
  analyticsScriptUrl: value(raw.VITE_ANALYTICS_SCRIPT_URL),
} as const;

export type IntegrationsEnv = typeof integrationsEnv;
