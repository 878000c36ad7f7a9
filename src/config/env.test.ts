import { describe, expect, it } from 'vitest';
import { parseEnv } from './envSchema';

describe('env', () => {
  it('[API-1] defaults the API base URL and leaves optional integrations unset', () => {
    const env = parseEnv({ VITE_TRANSLATIONS_URL: '', VITE_CHAT_APP_ID: ' ' });
    expect(env.VITE_API_URL).toBe('http://127.0.0.1:3001');
    expect(env.VITE_TRANSLATIONS_URL).toBeUndefined();
    expect(env.VITE_CHAT_APP_ID).toBeUndefined();
    expect(env.VITE_SIGNUP_URL).toMatch(/^https:\/\//);
  });

  it('[API-1] keeps a configured API base URL', () => {
    expect(parseEnv({ VITE_API_URL: 'https://api.example.org' }).VITE_API_URL).toBe('https://api.example.org');
  });

  it('[API-1] fails with a message naming the bad variable', () => {
    expect(() => parseEnv({ VITE_API_URL: 'not a url' })).toThrow(/VITE_API_URL must be an absolute URL/);
  });
});
