import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solutionDir } from '../cdn/cdnFiles';
import { caller, pairs, SEED, type Call } from './consentApi';
import { publishedBannerText } from './publishedBanner';
import { startTestServer, type TestServer } from './startTestServer';

let server: TestServer;
let owner: Call;
let other: Call;
let admin: Call;
let demo: Call;
beforeAll(async () => {
  server = await startTestServer();
  owner = await caller(server.baseUrl, 'owner@demo.test');
  other = await caller(server.baseUrl, 'other@demo.test');
  admin = await caller(server.baseUrl, 'admin@demo.test');
  demo = await caller(server.baseUrl, 'demo@demo.test');
});
afterAll(() => server.close());

interface TemplateJson {
  id: number;
  scope: 'gallery' | 'account';
  accountId: number | null;
  name: string;
  isDefault: boolean;
  version: number;
  html: string;
  css: string;
  js: string;
  displayFunction: string;
  hideFunction: string;
}
interface VersionJson extends TemplateJson {
  templateId: number;
  createdBy: string;
  restoredFrom: number | null;
}
interface PublicationJson {
  version: number;
  consentVersion: number;
  needsReconsent: boolean;
  scriptPath: string;
}

const code = {
  html: '<div role="dialog" aria-labelledby="h"><h2 id="h">{{popup.bannerHeading}}</h2>{{cookieList}}<button data-consent-action="accept">{{popup.acceptButton}}</button></div>',
  css: '#cm-banner { color: #123; }',
  js: 'root.setAttribute("data-ready", "1");',
  displayFunction: 'root.hidden = false;',
  hideFunction: 'root.hidden = true;',
};

const gallery = async (): Promise<TemplateJson[]> => {
  const res = await owner<TemplateJson[]>('GET', '/popup-templates?scope=gallery');
  expect(res.status).toBe(200);
  return res.body;
};

const createMine = async (call: Call, name: string, overrides: Record<string, unknown> = {}): Promise<TemplateJson> => {
  const res = await call<TemplateJson>('POST', '/popup-templates', { name, ...code, ...overrides });
  expect(res.status).toBe(201);
  return res.body;
};

const useTemplate = async (call: Call, solutionId: number, templateId: number) => {
  const res = await call('PUT', `/consent-solutions/${solutionId}/popup`, { mode: 'custom', templateId });
  expect(res.status).toBe(200);
};

describe('pop-up templates', () => {
  it('[ROUTE-13] the gallery holds at least four distinct templates, one of them the default', async () => {
    const list = await gallery();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((t) => t.name)).size).toBe(list.length);
    expect(new Set(list.map((t) => t.css)).size).toBe(list.length);
    expect(list.filter((t) => t.isDefault)).toHaveLength(1);
    expect(list.map((t) => t.name)).toEqual(expect.arrayContaining(['Bottom bar', 'Centred modal', 'Corner box', 'Full width with category toggles']));
  });

  it('[VAL-1] [ROUTE-19] html, css, js, display function and hide function are each required', async () => {
    const res = await owner('POST', '/popup-templates', { name: 'Empty', html: '', css: '  ', js: null });
    expect(res.status).toBe(400);
    expect(pairs(res.body)).toEqual([
      ['html', 'validation.template_html_required'],
      ['css', 'validation.template_css_required'],
      ['js', 'validation.template_js_required'],
      ['displayFunction', 'validation.template_display_function_required'],
      ['hideFunction', 'validation.template_hide_function_required'],
    ]);
    const noName = await owner('POST', '/popup-templates', { ...code, name: ' ' });
    expect(pairs(noName.body)).toEqual([['name', 'validation.template_name_required']]);
  });

  it('[ROLE-3] [ERR-2] only ROLE_ADMIN creates, edits or removes gallery templates', async () => {
    const [first] = await gallery();
    if (!first) throw new Error('no gallery');
    const put = await owner('PUT', `/popup-templates/${first.id}`, { name: 'Mine now', ...code });
    expect(put.status).toBe(403);
    expect(pairs(put.body)).toEqual([['', 'error.backend.not_allowed_edit_global']]);
    const create = await owner('POST', '/popup-templates', { name: 'Global', scope: 'gallery', ...code });
    expect(pairs(create.body)).toEqual([['', 'error.backend.not_allowed_edit_global']]);
    const remove = await owner('DELETE', `/popup-templates/${first.id}`);
    expect(pairs(remove.body)).toEqual([['', 'error.backend.not_allowed_remove_global']]);

    const made = await admin<TemplateJson>('POST', '/popup-templates', { name: 'Admin gallery', scope: 'gallery', ...code });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ scope: 'gallery', accountId: null, version: 1 });
    const edited = await admin<TemplateJson>('PATCH', `/popup-templates/${made.body.id}`, { css: '#cm-banner { color: red; }' });
    expect(edited.body.version).toBe(2);
    expect((await owner<TemplateJson>('GET', `/popup-templates/${made.body.id}`)).body.css).toBe('#cm-banner { color: red; }');
    expect((await admin('DELETE', `/popup-templates/${made.body.id}`)).status).toBe(204);
  });

  it('[ROLE-3] another account’s template is not found, neither read nor written; ROLE_DEMO cannot write', async () => {
    const mine = await createMine(owner, 'Owner only');
    for (const [method, path, body] of [
      ['GET', `/popup-templates/${mine.id}`, undefined],
      ['PUT', `/popup-templates/${mine.id}`, { name: 'x', ...code }],
      ['GET', `/popup-templates/${mine.id}/versions`, undefined],
      ['POST', `/popup-templates/${mine.id}/versions/1/restore`, undefined],
      ['DELETE', `/popup-templates/${mine.id}`, undefined],
    ] as const) {
      const res = await other(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(pairs(res.body)).toEqual([['', 'error.backend.template_not_found']]);
    }
    const list = await other<TemplateJson[]>('GET', '/popup-templates?scope=account');
    expect(list.body.some((t) => t.id === mine.id)).toBe(false);
    expect((await other('PUT', `/consent-solutions/${SEED.otherSolution}/popup`, { mode: 'custom', templateId: mine.id })).status).toBe(400);
    expect((await other('POST', '/consent-solutions/1/publish', { needsReconsent: false })).status).toBe(404);
    expect((await demo('POST', '/popup-templates', { name: 'Demo', ...code })).status).toBe(403);
  });

  it('[BEYOND-2] every save is a version (who, when); two versions diff; restoring makes a new version', async () => {
    const mine = await createMine(owner, 'Versioned');
    const saved = await owner<TemplateJson>('PUT', `/popup-templates/${mine.id}`, { name: 'Versioned', ...code, css: '#cm-banner { color: #456; }' });
    expect(saved.body.version).toBe(2);
    const versions = await owner<VersionJson[]>('GET', `/popup-templates/${mine.id}/versions`);
    expect(versions.total).toBe(2);
    expect(versions.body.map((v) => [v.version, v.createdBy])).toEqual([
      [2, 'owner@demo.test'],
      [1, 'owner@demo.test'],
    ]);

    const diff = await owner<{ fields: Record<string, { value: string; added?: boolean; removed?: boolean }[]> }>(
      'GET',
      `/popup-templates/${mine.id}/diff?from=1&to=2`,
    );
    expect(Object.keys(diff.body.fields)).toEqual(['css']);
    expect(diff.body.fields.css?.find((c) => c.removed)?.value).toContain('#123');
    expect(diff.body.fields.css?.find((c) => c.added)?.value).toContain('#456');
    expect((await owner('GET', `/popup-templates/${mine.id}/diff?from=1&to=9`)).status).toBe(404);

    const restored = await owner<TemplateJson>('POST', `/popup-templates/${mine.id}/versions/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 3, css: code.css });
    const third = await owner<VersionJson>('GET', `/popup-templates/${mine.id}/versions/3`);
    expect(third.body.restoredFrom).toBe(1);
  });

  it('[ROUTE-19] [BEYOND-2] a PUT, like a PATCH, keeps the fields it leaves out and still makes a version; a gallery list row is no account row', async () => {
    const mine = await createMine(owner, 'Partial save');
    const saved = await owner<TemplateJson>('PUT', `/popup-templates/${mine.id}`, { css: '#cm-banner { color: #789; }' });
    expect([saved.status, saved.body.version, saved.body.css, saved.body.html, saved.body.name]).toEqual([
      200,
      2,
      '#cm-banner { color: #789; }',
      code.html,
      'Partial save',
    ]);
    expect((await owner<VersionJson[]>('GET', `/popup-templates/${mine.id}/versions`)).total).toBe(2);
    const emptied = await owner('PATCH', `/popup-templates/${mine.id}`, { js: ' ' });
    expect([emptied.status, pairs(emptied.body)]).toEqual([400, [['js', 'validation.template_js_required']]]);
    const listed = await owner<TemplateJson[]>('GET', `/popup-templates?q=partial`);
    expect(listed.body.map((t) => [t.id, t.scope])).toEqual([[mine.id, 'account']]);
    const both = await owner<TemplateJson[]>('GET', '/popup-templates?_sort=name&_order=asc&_start=0&_end=1000');
    expect(both.body.some((t) => t.scope === 'gallery') && both.body.some((t) => t.id === mine.id)).toBe(true);
    expect(both.total).toBe(both.body.length);
  });

  it('[BEYOND-2] [ROUTE-15] publishing serves the banner at its public CDN path; re-consent raises the consent version', async () => {
    const before = await fetch(`${server.baseUrl}/cdn/2/banner.js`);
    expect(before.status).toBe(404);

    const mine = await createMine(owner, 'Published');
    await useTemplate(owner, 2, mine.id);
    const published = await owner<PublicationJson>('POST', '/consent-solutions/2/publish', { needsReconsent: false });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ version: 1, scriptPath: '/cdn/2/banner.js' });

    const res = await fetch(`${server.baseUrl}/cdn/2/banner.js`, { headers: { origin: 'https://customer.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript; charset=utf-8/);
    expect(res.headers.get('cache-control')).toContain('max-age=');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('set-cookie')).toBeNull();
    // STD-8: the core, then the UI files it loads.
    const script = await publishedBannerText(server.baseUrl, 2, { headers: { origin: 'https://customer.example' } });
    expect(script).toContain('We use cookies');
    expect(script).toContain('Nous utilisons des cookies');
    expect(script).toContain('root.setAttribute("data-ready", "1");');
    expect(() => new Function(script)).not.toThrow();
    const etag = res.headers.get('etag') ?? '';
    expect((await fetch(`${server.baseUrl}/cdn/2/banner.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const solution = await owner<{ consentVersion: number }>('GET', '/consent-solutions/2');
    const again = await owner<PublicationJson>('POST', '/consent-solutions/2/publish', { needsReconsent: true });
    expect(again.body).toMatchObject({ version: 2, needsReconsent: true, consentVersion: solution.body.consentVersion + 1 });
    expect((await owner<{ consentVersion: number }>('GET', '/consent-solutions/2')).body.consentVersion).toBe(solution.body.consentVersion + 1);
    const list = await owner<PublicationJson[]>('GET', '/consent-solutions/2/publications');
    expect(list.body.map((p) => p.version)).toEqual([2, 1]);
  });

  it('[ERR-2] a template that does not compile answers the regeneration error and publishes nothing', async () => {
    const broken = await createMine(owner, 'Broken', { js: 'root.addEventListener("click", function () {', html: '<p>{{popup.nope}}</p>' });
    await useTemplate(owner, 3, broken.id);
    const res = await owner('POST', '/consent-solutions/3/publish', { needsReconsent: true });
    expect(res.status).toBe(422);
    expect(pairs(res.body)).toEqual([
      ['', 'error.backend.template_regeneration_failed'],
      ['html', 'validation.template_placeholder_unknown'],
      ['js', 'validation.template_function_invalid'],
    ]);
    expect((await fetch(`${server.baseUrl}/cdn/3/banner.js`)).status).toBe(404);
    expect((await owner<unknown[]>('GET', '/consent-solutions/3/publications')).total).toBe(0);
  });

  it('[ERR-2] a failed write of the script answers the publishing error and keeps the previous banner', async () => {
    const first = await owner<PublicationJson>('POST', '/consent-solutions/1/publish', { needsReconsent: false });
    expect(first.status).toBe(201);
    const served = await (await fetch(`${server.baseUrl}/cdn/1/banner.js`)).text();
    const consentBefore = (await owner<{ consentVersion: number }>('GET', '/consent-solutions/1')).body.consentVersion;

    // A folder where the next script file goes: its write cannot happen.
    const blocker = join(solutionDir(server.dbFile, 1), 'banner.2.js');
    mkdirSync(blocker, { recursive: true });
    try {
      const res = await owner('POST', '/consent-solutions/1/publish', { needsReconsent: true });
      expect(res.status).toBe(424);
      expect(pairs(res.body)).toEqual([['', 'error.backend.cdn_publishing_failed']]);
      expect((await owner<unknown[]>('GET', '/consent-solutions/1/publications')).total).toBe(1);
      expect((await owner<{ consentVersion: number }>('GET', '/consent-solutions/1')).body.consentVersion).toBe(consentBefore);
      expect(await (await fetch(`${server.baseUrl}/cdn/1/banner.js`)).text()).toBe(served);
    } finally {
      rmSync(blocker, { recursive: true, force: true });
    }
    const retried = await owner<PublicationJson>('POST', '/consent-solutions/1/publish', { needsReconsent: false });
    expect(retried.body.version).toBe(2);
  });

  it('[BEYOND-1] [I18N-1] the preview content falls back to the default texts and lists the cookies; unknown languages refused', async () => {
    const fr = await owner<{ content: { texts: Record<string, string>; cookies: unknown[] }; languages: string[] }>(
      'GET',
      '/consent-solutions/1/popup/content?language=fr',
    );
    expect(fr.status).toBe(200);
    expect(fr.body.content.texts['popup.bannerHeading']).toBe('Nous utilisons des cookies');
    expect(fr.body.languages).toEqual(['en', 'fr', 'de']);
    // I18N-1: a text missing in German falls back to the German default, not to another language.
    const german = (server.store.state().translations as { consentSolutionId: number; language: string; texts: { popup: Record<string, unknown> } }[]).find(
      (row) => row.consentSolutionId === 1 && row.language === 'de',
    );
    delete german?.texts.popup.bannerHeading;
    const de = await owner<{ content: { texts: Record<string, string> } }>('GET', '/consent-solutions/1/popup/content?language=de');
    expect(de.body.content.texts['popup.bannerHeading']).toBe('Wir verwenden Cookies');
    const es = await owner('GET', '/consent-solutions/1/popup/content?language=es');
    expect(pairs(es.body)).toEqual([['language', 'validation.language_not_in_solution']]);
  });

  it('[BEYOND-2] [ROLE-3] a solution’s publications and a template’s versions list like any collection (filters, pages, X-Total-Count), only for their owner, read only', async () => {
    const before = await owner<PublicationJson[]>('GET', '/consent-solutions/2/publications');
    expect((await owner('POST', '/consent-solutions/2/publish', { needsReconsent: false })).status).toBe(201);
    expect((await owner('POST', '/consent-solutions/2/publish', { needsReconsent: true })).status).toBe(201);
    const all = await owner<PublicationJson[]>('GET', '/consent-solutions/2/publications');
    expect(all.total).toBe((before.total ?? 0) + 2);
    const newest = all.body[0]?.version ?? 0;
    const page = await owner<PublicationJson[]>('GET', '/consent-solutions/2/publications?_page=2&_limit=1');
    expect([page.total, page.body.map((p) => p.version)]).toEqual([all.total, [newest - 1]]);
    const oldestFirst = await owner<PublicationJson[]>('GET', '/consent-solutions/2/publications?_sort=version&_order=asc');
    expect(oldestFirst.body.map((p) => p.version)).toEqual(all.body.map((p) => p.version).reverse());
    const withReconsent = await owner<PublicationJson[]>('GET', '/consent-solutions/2/publications?needsReconsent=true');
    expect(withReconsent.body.length).toBeGreaterThan(0);
    expect(withReconsent.body.every((p) => p.needsReconsent)).toBe(true);
    expect((await owner('GET', '/consent-solutions/2/publications?_embed=consentSolutions')).status).toBe(400);
    expect((await other('GET', '/consent-solutions/2/publications')).status).toBe(404);
    expect((await owner('POST', '/consent-solutions/2/publications', {})).status).toBe(405);

    const mine = await createMine(owner, 'Listed versions');
    for (const css of ['#cm-banner { color: #111; }', '#cm-banner { color: #222; }']) {
      expect((await owner('PATCH', `/popup-templates/${mine.id}`, { css })).status).toBe(200);
    }
    const versions = await owner<VersionJson[]>('GET', `/popup-templates/${mine.id}/versions?_page=1&_limit=2`);
    expect([versions.total, versions.body.map((v) => v.version)]).toEqual([3, [3, 2]]);
    expect((await owner<VersionJson[]>('GET', `/popup-templates/${mine.id}/versions?version=1`)).body.map((v) => v.version)).toEqual([1]);
    expect((await owner('POST', `/popup-templates/${mine.id}/versions`, {})).status).toBe(405);
  });
});
