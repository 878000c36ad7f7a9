import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('loadConfig', () => {
  it('[API-1] applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      appUrl: 'http://127.0.0.1:5173',
      devMode: true,
      scannerSchedule: false,
      corsOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://localhost:4173'],
    });
    expect(config.dbFile).toMatch(/[\\/]var[\\/]db\.json$/);
    expect(config.outboxFile).toMatch(/[\\/]var[\\/]outbox\.json$/);
    expect(config.consentLogDir).toMatch(/[\\/]var[\\/]db\.consent-log$/);
  });

  it('[API-1] turns dev mode off in production unless DEV_MODE says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MODE: 'on' }).devMode).toBe(true);
    expect(loadConfig({ DEV_MODE: '0' }).devMode).toBe(false);
  });

  it('[SEC-4] turns dev mode off when API_HOST is not a loopback address, unless DEV_MODE turns it on', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'api.example.test']) expect(loadConfig({ API_HOST: host }).devMode, host).toBe(false);
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) expect(loadConfig({ API_HOST: host }).devMode, host).toBe(true);
    expect(loadConfig({ API_HOST: '0.0.0.0', DEV_MODE: 'on' }).devMode).toBe(true);
  });

  it('[SEC-4] reads the allowed hosts (default: none configured, the API’s own host:port and localhost:port apply)', () => {
    expect(loadConfig({}).allowedHosts).toBeUndefined();
    expect(loadConfig({ API_ALLOWED_HOSTS: 'API.example.test, cdn.example.test:8443,[::1]:3001' }).allowedHosts).toEqual([
      'api.example.test',
      'cdn.example.test:8443',
      '[::1]:3001',
    ]);
    expect(() => loadConfig({ API_ALLOWED_HOSTS: 'http://api.example.test' })).toThrow(/API_ALLOWED_HOSTS/);
    expect(() => loadConfig({ API_ALLOWED_HOSTS: ' , ' })).toThrow(/API_ALLOWED_HOSTS/);
  });

  it('[API-1] reads overrides and rejects invalid values', () => {
    const config = loadConfig({ API_PORT: '4000', CORS_ORIGINS: 'http://a.test, http://b.test', DB_FILE: 'tmp/x.json' });
    expect(config.port).toBe(4000);
    expect(config.corsOrigins).toEqual(['http://a.test', 'http://b.test']);
    expect(config.outboxFile).toMatch(/tmp[\\/]outbox\.json$/);
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(/API_PORT/);
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ DEV_MODE: 'maybe' })).toThrow(/DEV_MODE/);
    expect(loadConfig({ SCANNER_SCHEDULE: 'on' }).scannerSchedule).toBe(true);
  });
});
