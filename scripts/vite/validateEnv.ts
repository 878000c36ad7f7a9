import type { Plugin } from 'vite';
import { parseEnv } from '../../src/config/envSchema.ts';

/**
 * Checks the app's configuration (src/config/envSchema.ts) when Vite starts, for a build, the
 * dev server and the tests alike: the `VITE_*` values are fixed into the bundle at build time,
 * so a bad one is a build error naming the variable, not a message in every visitor's browser,
 * and the app never ships the rules (zod) to check them.
 */
export const validateEnvPlugin = (): Plugin => ({
  name: 'validate-env',
  configResolved(config) {
    parseEnv(config.env);
  },
});
