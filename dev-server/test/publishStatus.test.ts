import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishStatus } from '../../src/schemas/popupTemplate';
import { DEFAULT_PRIVACY_STANDARDS } from '../../src/schemas/privacyStandards';
import type { TemplateCode } from '../../src/schemas/template';
import { caller, cookieCreateBody, createBody, type Call } from './consentApi';
import { startTestServer, type TestServer } from './startTestServer';

/**
 * PROMISE-4: what is live and what is not yet: the API compares the last publication's snapshot
 * with the current texts, cookies, template and settings.
 */

let server: TestServer;
let owner: Call;

beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
}, 30_000);
afterAll(async () => server?.close());

describe('the publish status', () => {
  it('[PROMISE-4] lists each kind of edit made since the last publish until the next one, and the live version', async () => {
    const created = await owner<{ id: number }>('POST', '/consent-solutions', createBody(`status-${Date.now()}.com`));
    const id = created.body.id;
    const status = async () => {
      const res = await owner<PublishStatus>('GET', `/consent-solutions/${id}/publish-status`);
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await status()).toEqual({ published: null, changes: [] });
    expect((await owner('POST', `/consent-solutions/${id}/publish`, {})).status).toBe(201);
    expect(await status()).toEqual({ published: { version: 1, publishedAt: expect.any(String) }, changes: [] });

    const cookie = await owner(
      'POST',
      '/cookies',
      cookieCreateBody(id, '_ga', { category: 'functional', purpose: { en: 'Keeps the chosen currency.' }, expiryDays: 365 }),
    );
    expect(cookie.status, JSON.stringify(cookie.body)).toBe(201);
    expect((await status()).changes).toEqual(['cookies']);

    const texts = await owner<{ texts: { popup: Record<string, string> } }>('GET', `/consent-solutions/${id}/translations/en`);
    const unchanged = await owner('PUT', `/consent-solutions/${id}/translations/en/popup`, texts.body.texts.popup);
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
    expect((await status()).changes).toEqual(['cookies']);
    const heading = { ...texts.body.texts.popup, bannerHeading: 'Our cookies' };
    expect((await owner('PUT', `/consent-solutions/${id}/translations/en/popup`, heading)).status).toBe(200);
    const standards = { ...DEFAULT_PRIVACY_STANDARDS, consentMode: { ...DEFAULT_PRIVACY_STANDARDS.consentMode, enabled: true } };
    expect((await owner('PUT', `/consent-solutions/${id}/standards`, standards)).status).toBe(200);
    const gallery = await owner<(TemplateCode & { id: number; scope: string })[]>('GET', '/popup-templates');
    const source = gallery.body.find((template) => template.scope === 'gallery') as TemplateCode & { id: number };
    const code = { html: source.html, css: source.css, js: source.js, displayFunction: source.displayFunction, hideFunction: source.hideFunction };
    const mine = await owner<{ id: number }>('POST', '/popup-templates', { name: 'Mine', scope: 'account', sourceTemplateId: source.id, ...code });
    expect(mine.status).toBe(201);
    expect((await owner('PUT', `/consent-solutions/${id}/popup`, { mode: 'custom', templateId: mine.body.id })).status).toBe(200);
    expect((await status()).changes).toEqual(['texts', 'cookies', 'template', 'settings']);

    expect((await owner('POST', `/consent-solutions/${id}/publish`, {})).status).toBe(201);
    expect(await status()).toEqual({ published: { version: 2, publishedAt: expect.any(String) }, changes: [] });

    const stranger = await caller(server.baseUrl, 'other@demo.test');
    expect((await stranger('GET', `/consent-solutions/${id}/publish-status`)).status).toBe(404);
    expect((await owner('GET', `/consent-solutions/${id}/publish-status?x=1`)).status).toBe(400);
  });
});
