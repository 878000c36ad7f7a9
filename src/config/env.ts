import { z } from 'zod';

/**
 * The app's configuration, read from `import.meta.env` once and validated (house style:
 * fail fast at the boundary with a message that says what to do).
 */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const url = (name: string) => z.url({ error: `${name} must be an absolute URL (e.g. https://example.com)` });

const envSchema = z.object({
  VITE_API_URL: optionalText.pipe(url('VITE_API_URL').default('http://127.0.0.1:3001')),
  // Placeholder default: the real sign-up page is the provider's, configured per deployment.
  VITE_SIGNUP_URL: optionalText.pipe(url('VITE_SIGNUP_URL').default('https://example.com/signup')),
  // Placeholder default, as above: the old dashboard of the provider (ROUTE-20).
  VITE_OLD_DASHBOARD_URL: optionalText.pipe(url('VITE_OLD_DASHBOARD_URL').default('https://example.com/dashboard')),
  // Base of the hosted translation files; unset = the bundled catalogues only (API-6).
  VITE_TRANSLATIONS_URL: optionalText.pipe(url('VITE_TRANSLATIONS_URL').optional()),
  // Integration ids (PROD-6): unset = the adapter is a logged no-op.
  VITE_CHAT_APP_ID: optionalText,
  VITE_RECORDING_SITE_ID: optionalText,
});

export type Env = z.infer<typeof envSchema>;

/** Parses a raw environment; exported so tests can check the rules without Vite. */
export const parseEnv = (raw: Record<string, unknown>): Env => {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid app configuration. Fix these variables in .env.local or the build environment:\n${problems}`);
  }
  return result.data;
};

const trimSlash = (value: string) => value.replace(/\/+$/, '');

const parsed = parseEnv(import.meta.env);

export const env = {
  apiUrl: trimSlash(parsed.VITE_API_URL),
  signupUrl: parsed.VITE_SIGNUP_URL,
  oldDashboardUrl: parsed.VITE_OLD_DASHBOARD_URL,
  translationsUrl: parsed.VITE_TRANSLATIONS_URL === undefined ? undefined : trimSlash(parsed.VITE_TRANSLATIONS_URL),
  chatAppId: parsed.VITE_CHAT_APP_ID,
  recordingSiteId: parsed.VITE_RECORDING_SITE_ID,
} as const;
