import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_VERSIONS, TEMPLATES } from '../cdn/templateData';
import type { PopupTemplateRow, TemplateVersionRow } from '../cdn/types';
import { caller } from './consentApi';
import { startTestServer } from './startTestServer';

/**
 * PROMISE-3: a database seeded with an older gallery (the corner box without a choice per
 * category) gets the newer design on the next start, for the gallery template and its copies
 * nobody edited, never for an edited one.
 */

const dir = mkdtempSync(join(tmpdir(), 'dev-api-gallery-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OLD_HTML =
  '<aside class="cm-box"><h2>{{popup.bannerHeading}}</h2><button type="button" data-consent-action="accept">{{popup.acceptButton}}</button></aside>';

interface TemplateJson {
  id: number;
  version: number;
  html: string;
  updatedBy: string;
}

describe('the gallery of an existing database', () => {
  it('[PROMISE-3] gets the per-category design on the next start: the gallery template and its untouched copy, not an edited copy', async () => {
    const dbFile = join(dir, 'db.json');
    const first = await startTestServer({ dbFile });
    const owner = await caller(first.baseUrl, 'owner@demo.test');
    // As seeded before the change: the corner box's row and its first version hold the old design.
    const corner = first.store.rows<PopupTemplateRow>(TEMPLATES).find((t) => t.scope === 'gallery' && t.name === 'Corner box') as PopupTemplateRow;
    const seeded = first.store.rows<TemplateVersionRow>(TEMPLATE_VERSIONS).find((v) => v.templateId === corner.id) as TemplateVersionRow;
    corner.html = OLD_HTML;
    seeded.html = OLD_HTML;
    first.store.write();
    const copyOf = async (name: string) =>
      (
        await owner<TemplateJson>('POST', '/popup-templates', {
          name,
          sourceTemplateId: corner.id,
          html: OLD_HTML,
          css: corner.css,
          js: corner.js,
          displayFunction: corner.displayFunction,
          hideFunction: corner.hideFunction,
        })
      ).body;
    const untouched = await copyOf('Copy of Corner box');
    const edited = await copyOf('My corner box');
    expect((await owner('PATCH', `/popup-templates/${edited.id}`, { html: `${OLD_HTML}<p>ours</p>` })).status).toBe(200);
    await first.close();

    const second = await startTestServer({ dbFile });
    try {
      const again = await caller(second.baseUrl, 'owner@demo.test');
      const read = async (id: number) => (await again<TemplateJson>('GET', `/popup-templates/${id}`)).body;
      const gallery = await read(corner.id);
      // DEPLOY-6: the provider's side is named to no customer.
      expect(gallery).toMatchObject({ version: 2, updatedBy: null });
      expect(gallery.html).toContain('{{categoryToggles}}');
      const copy = await read(untouched.id);
      expect(copy).toMatchObject({ version: 2, updatedBy: 'gallery@seed', html: gallery.html });
      expect(await read(edited.id)).toMatchObject({ version: 2, html: `${OLD_HTML}<p>ours</p>`, updatedBy: 'owner@demo.test' });
      // The old design stays in the history, restorable like any version.
      const versions = (await again<{ version: number; html: string }[]>('GET', `/popup-templates/${untouched.id}/versions`)).body;
      expect(versions.map((v) => [v.version, v.html === OLD_HTML])).toEqual([
        [2, false],
        [1, true],
      ]);
    } finally {
      await second.close();
    }
  });
});
