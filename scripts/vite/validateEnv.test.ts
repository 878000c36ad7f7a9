import { describe, expect, it } from 'vitest';
import { build } from 'vite';
import { validateEnvPlugin } from './validateEnv';

/** A build of nothing but the configuration check: `configResolved` runs before any module. */
const buildWith = (env: Record<string, string>) => {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  return build({
    configFile: false,
    logLevel: 'silent',
    plugins: [validateEnvPlugin()],
    build: { write: false, lib: { entry: 'src/config/envDefaults.ts', formats: ['es'] } },
  }).finally(() => {
    process.env = saved;
  });
};

describe('the configuration check at build time', () => {
  it('[API-1] fails the build on a bad VITE_* value, naming the variable', async () => {
    await expect(buildWith({ VITE_API_URL: 'not a url' })).rejects.toThrow(/VITE_API_URL must be an absolute URL/);
  });

  it('[API-1] lets a valid configuration build', async () => {
    await expect(buildWith({ VITE_API_URL: 'https://api.example.org' })).resolves.toBeDefined();
  });
});
