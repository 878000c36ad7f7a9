import { z } from 'zod';
import { envDefaults } from './envDefaults.ts';

/**
 * The rules of the configuration (house style: validate at the boundary, fail with a message
 * that says what to do). Run by Vite when it starts (scripts/vite/validateEnv.ts), so a bad
 * value fails the build and none of this ships to the browser.
 */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const url = (name: string) => z.url({ error: `${name} must be an absolute URL (e.g. https://example.com)` });
const urlWithDefault = (name: keyof typeof envDefaults) => z.preprocess(blankToUndefined, url(name).default(envDefaults[name]));
const optionalUrl = (name: string) => z.preprocess(blankToUndefined, url(name).optional());
const optionalText = z.preprocess(blankToUndefined, z.string().optional());

const globalName = (name: 'VITE_CHAT_GLOBAL' | 'VITE_RECORDING_GLOBAL') =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z_$][\w$]*$/, { error: `${name} must be a JavaScript identifier (the vendor script's command function)` })
      .default(envDefaults[name]),
  );

/** An integration id needs the vendor's script URL, or the adapter could never load (PROD-6). */
const pairs = [
  ['VITE_CHAT_APP_ID', 'VITE_CHAT_SCRIPT_URL'],
  ['VITE_RECORDING_SITE_ID', 'VITE_RECORDING_SCRIPT_URL'],
  ['VITE_ANALYTICS_ID', 'VITE_ANALYTICS_SCRIPT_URL'],
] as const;

const envSchema = z
  .object({
    VITE_API_URL: urlWithDefault('VITE_API_URL'),
    VITE_SIGNUP_URL: urlWithDefault('VITE_SIGNUP_URL'),
    VITE_OLD_DASHBOARD_URL: urlWithDefault('VITE_OLD_DASHBOARD_URL'),
    // Base of the hosted translation files; unset = the bundled catalogues only (API-6).
    VITE_TRANSLATIONS_URL: optionalUrl('VITE_TRANSLATIONS_URL'),
    // Integration ids (PROD-6): unset = the adapter is a logged no-op.
    VITE_CHAT_APP_ID: optionalText,
    VITE_RECORDING_SITE_ID: optionalText,
    VITE_ANALYTICS_ID: optionalText,
    // The vendors' scripts; `{id}` in a URL is replaced by the id above it.
    VITE_CHAT_SCRIPT_URL: optionalUrl('VITE_CHAT_SCRIPT_URL'),
    VITE_RECORDING_SCRIPT_URL: optionalUrl('VITE_RECORDING_SCRIPT_URL'),
    VITE_ANALYTICS_SCRIPT_URL: optionalUrl('VITE_ANALYTICS_SCRIPT_URL'),
    VITE_CHAT_GLOBAL: globalName('VITE_CHAT_GLOBAL'),
    VITE_RECORDING_GLOBAL: globalName('VITE_RECORDING_GLOBAL'),
  })
  .superRefine((value, context) => {
    for (const [id, url] of pairs) {
      if (value[id] !== undefined && value[url] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [url],
          message: `${url} must be set when ${id} is (the vendor's script, e.g. https://vendor.example/widget/{id}.js)`,
        });
      }
    }
  });

type ValidEnv = z.infer<typeof envSchema>;

/** Parses a raw environment, or throws one message listing every bad variable. */
export const parseEnv = (raw: Record<string, unknown>): ValidEnv => {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid app configuration. Fix these variables in .env.local or the build environment, then rebuild:\n${problems}`);
  }
  return result.data;
};
