/**
 * Defaults of the configuration, shared by env.ts (which reads it) and envSchema.ts (which
 * validates it), so each default is written once. The sign-up and old-dashboard URLs are
 * placeholders: the real pages are the provider's, configured per deployment.
 */
export const envDefaults = {
  VITE_API_URL: 'http://127.0.0.1:3001',
  VITE_SIGNUP_URL: 'https://example.com/signup',
  VITE_OLD_DASHBOARD_URL: 'https://example.com/dashboard',
  // Neutral names of the command functions the vendor scripts define; set them to the vendor's.
  VITE_CHAT_GLOBAL: 'ChatWidget',
  VITE_RECORDING_GLOBAL: 'SessionRecording',
} as const;
