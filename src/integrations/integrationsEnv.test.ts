import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/envSchema';

describe('integrations configuration', () => {
  it('[PROD-6] every integration is optional, with neutral global names by default', () => {
    const env = parseEnv({});
    expect([env.VITE_CHAT_APP_ID, env.VITE_RECORDING_SITE_ID, env.VITE_ANALYTICS_ID]).toEqual([undefined, undefined, undefined]);
    expect([env.VITE_CHAT_GLOBAL, env.VITE_RECORDING_GLOBAL]).toEqual(['ChatWidget', 'SessionRecording']);
  });

  it('[PROD-6] an id without its script URL fails with a message saying what to set', () => {
    expect(() => parseEnv({ VITE_RECORDING_SITE_ID: '123' })).toThrow(/VITE_RECORDING_SCRIPT_URL must be set when VITE_RECORDING_SITE_ID is/);
    expect(parseEnv({ VITE_CHAT_APP_ID: 'a', VITE_CHAT_SCRIPT_URL: 'https://vendor.example/widget/{id}.js' }).VITE_CHAT_APP_ID).toBe('a');
  });

  it('[PROD-6] a global name must be a JavaScript identifier', () => {
    expect(() => parseEnv({ VITE_CHAT_GLOBAL: 'not valid' })).toThrow(/VITE_CHAT_GLOBAL must be a JavaScript identifier/);
  });
});
