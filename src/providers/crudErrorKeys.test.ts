// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { crudHttpClient } from './crudErrorKeys';
import { httpClient } from './httpClient';

vi.mock('./httpClient', () => ({ httpClient: vi.fn(async () => ({ status: 200, headers: new Headers(), body: '', json: undefined })) }));

const defaultKeyOf = async (path: string, method?: string): Promise<string | undefined> => {
  await crudHttpClient(`${env.apiUrl}${path}`, { method });
  return vi.mocked(httpClient).mock.calls.at(-1)?.[1]?.defaultErrorKey;
};

beforeEach(() => vi.mocked(httpClient).mockClear());
afterEach(() => vi.restoreAllMocks());

describe('crudHttpClient', () => {
  it('[ERR-4] a pop-up template CRUD failure without violations says which action failed', async () => {
    expect(await defaultKeyOf('/popup-templates?scope=gallery&_start=0&_end=1000')).toBe('popup.notifications.load_error');
    expect(await defaultKeyOf('/popup-templates', 'POST')).toBe('popup.notifications.save_error');
    expect(await defaultKeyOf('/popup-templates/4', 'PUT')).toBe('popup.notifications.save_error');
    expect(await defaultKeyOf('/popup-templates/4', 'DELETE')).toBe('popup.notifications.delete_error');
  });

  it("[ERR-4] other resources keep the httpClient's generic notice", async () => {
    expect(await defaultKeyOf('/consent-solutions/1', 'PUT')).toBeUndefined();
  });
});
