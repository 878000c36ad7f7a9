import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('loadConfig', () => {
  it('[API-1] applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      appUrl: 'http://127.0.0.1:5173',
      production: false,
      devMode: false,
      trustedProxies: [],
      scannerSchedule: false,
      corsOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://localhost:4173'],
    });
    expect(config.dbFile).toMatch(/[\\/]var[\\/]db\.json$/);
    expect(config.outboxFile).toMatch(/[\\/]var[\\/]outbox\.json$/);
    expect(config.consentLogDir).toMatch(/[\\/]var[\\/]db\.consent-log$/);
  });

  const DEV_SECRET = 'k3Jx9QpZr7VbT2mWc8NyLd4HsF6gAe1U';
  const JWT_SECRET = 'Zq8Lr2Vx6Nc4Tb9Mw1Ky7Hp3Jd5Gs0FaRuE';

  it('[DEPLOY-3] dev mode is an explicit opt-in (DEV_MODE=on) with a secret of its own, whatever the host', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '0.0.0.0']) expect(loadConfig({ API_HOST: host }).devMode, host).toBe(false);
    expect(loadConfig({ DEV_MODE: 'on', DEV_SECRET })).toMatchObject({ devMode: true, devSecret: DEV_SECRET });
    expect(loadConfig({ DEV_MODE: 'off', DEV_SECRET }).devSecret).toBeUndefined();
    expect(() => loadConfig({ DEV_MODE: 'on' })).toThrow(/DEV_SECRET is not set/);
    expect(() => loadConfig({ DEV_MODE: 'on', DEV_SECRET: 'short' })).toThrow(/DEV_SECRET is too short/);
  });

  it('[DEPLOY-1] production refuses a missing, short or placeholder JWT secret and dev mode, each with what to set', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET })).toMatchObject({ production: true, devMode: false, jwtSecret: JWT_SECRET });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is not set: production signs sessions with it\. Set it to a random value/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET is too short/);
    for (const placeholder of ['change-me-change-me-change-me-change-me', 'secret:0123456789abcdefghijklmnopqrstuv', 'x'.repeat(48), 'ab'.repeat(24)]) {
      expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: placeholder }), placeholder).toThrow(/JWT_SECRET is a placeholder/);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET, DEV_MODE: 'on', DEV_SECRET })).toThrow(/DEV_MODE=on is refused with NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET, DATABASE_URL: 'postgres://consent:postgres@db:5432/consent' })).toThrow(
      /DATABASE_URL's password is a default or too short/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET, DATABASE_URL: 'postgres://consent:Vg7rKq2ZpW9xLm4T@db:5432/consent' }).databaseUrl).toContain(
      'db:5432',
    );
    // Outside production a JWT_SECRET is optional, but never a weak one.
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(() => loadConfig({ JWT_SECRET: 'changeme' })).toThrow(/JWT_SECRET is too short/);
  });

  it('[DEPLOY-2] reads TRUSTED_PROXIES with express’s own parser, and a CDN header needs it', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, loopback,2001:db8::/32' }).trustedProxies).toEqual(['10.0.0.0/8', 'loopback', '2001:db8::/32']);
    for (const bad of ['10.0.0.0/99', 'proxy.example', '*']) expect(() => loadConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ CDN_COUNTRY_HEADER: 'CF-IPCountry' })).toThrow(/CDN_COUNTRY_HEADER needs TRUSTED_PROXIES/);
    expect(() => loadConfig({ CDN_REGION_HEADER: 'CF-Region-Code' })).toThrow(/CDN_REGION_HEADER needs TRUSTED_PROXIES/);
    expect(loadConfig({ CDN_COUNTRY_HEADER: 'CF-IPCountry', TRUSTED_PROXIES: '173.245.48.0/20' }).countryHeader).toBe('CF-IPCountry');
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
