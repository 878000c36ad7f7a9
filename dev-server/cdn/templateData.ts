import { TEMPLATE_CODE_FIELDS, type TemplateCode, type TemplateInput } from '../../src/schemas/template';
import type { Session } from '../auth/session';
import { ApiError, violation } from '../http/errors';
import { parseId } from '../http/query';
import { GALLERY_TEMPLATES } from '../seed/templates';
import type { Store } from '../store/store';
import type { PopupSettingsRow, PopupTemplateRow, PublicationRow, TemplateVersionRow } from './types';

export const TEMPLATES = 'popupTemplates';
export const TEMPLATE_VERSIONS = 'popupTemplateVersions';
const POPUP_SETTINGS = 'popupSettings';
export const PUBLICATIONS = 'publications';

const GALLERY_AUTHOR = 'gallery@seed';

const sameCode = (a: TemplateCode, b: TemplateCode): boolean => TEMPLATE_CODE_FIELDS.every((field) => a[field] === b[field]);

const templateNotFound = (): ApiError => new ApiError(404, [violation('error.backend.template_not_found')]);

export const codeOf = (row: TemplateCode): TemplateCode => ({
  html: row.html,
  css: row.css,
  js: row.js,
  displayFunction: row.displayFunction,
  hideFunction: row.hideFunction,
});

/**
 * The four collections, live. Like consentData, handlers mutate rows in place and write once,
 * synchronously. The gallery is put in on first use, so a database seeded before templates
 * existed gets it too.
 */
export const templateData = (store: Store) => {
  const templates = (): PopupTemplateRow[] => store.rows<PopupTemplateRow>(TEMPLATES);
  const versions = (): TemplateVersionRow[] => store.rows<TemplateVersionRow>(TEMPLATE_VERSIONS);
  const settings = (): PopupSettingsRow[] => store.rows<PopupSettingsRow>(POPUP_SETTINGS);
  const publications = (): PublicationRow[] => store.rows<PublicationRow>(PUBLICATIONS);

  /** Appends version `row.version` with the row's current content. */
  const recordVersion = (row: PopupTemplateRow, author: string, at: string, restoredFrom: number | null = null): TemplateVersionRow => {
    const entry: TemplateVersionRow = {
      id: store.nextId(TEMPLATE_VERSIONS),
      templateId: row.id,
      accountId: row.accountId,
      version: row.version,
      name: row.name,
      ...codeOf(row),
      createdAt: at,
      createdBy: author,
      restoredFrom,
    };
    versions().push(entry);
    return entry;
  };

  const data = {
    templates,
    versions,
    settings,
    publications,
    write: (): void => store.write(),
    recordVersion,

    ensureGallery: (now: string): void => {
      if (templates().some((row) => row.scope === 'gallery')) {
        if (data.upgradeGallery(now)) store.write();
        return;
      }
      for (const seed of GALLERY_TEMPLATES) {
        const row: PopupTemplateRow = {
          id: store.nextId(TEMPLATES),
          accountId: null,
          scope: 'gallery',
          name: seed.name,
          description: seed.description,
          isDefault: seed.isDefault ?? false,
          sourceTemplateId: null,
          version: 1,
          ...codeOf(seed),
          createdAt: now,
          updatedAt: now,
          updatedBy: GALLERY_AUTHOR,
        };
        templates().push(row);
        recordVersion(row, GALLERY_AUTHOR, now);
      }
      store.write();
    },

    /**
     * The gallery's start-up migration (PROMISE-3: a choice per category; I18N-3: right-to-left
     * safe layouts): a gallery template as seeded (no administrator edited it since) gets the
     * seed's newer design as a new version, and so does every copy of it that its account never
     * edited (version 1, the code of one of the gallery template's versions): solutions using
     * either get it with their next publish, as they would any other template change. True when
     * it changed anything.
     */
    upgradeGallery: (now: string): boolean => {
      let changed = false;
      for (const seed of GALLERY_TEMPLATES) {
        const row = templates().find((t) => t.scope === 'gallery' && t.name === seed.name && t.updatedBy === GALLERY_AUTHOR);
        if (!row) continue;
        if (row.description !== seed.description) {
          row.description = seed.description;
          changed = true;
        }
        if (sameCode(row, seed)) continue;
        const earlier = versions().filter((v) => v.templateId === row.id);
        const untouchedCopies = templates().filter(
          (t) =>
            t.scope === 'account' &&
            t.sourceTemplateId === row.id &&
            (t.version === 1 || t.updatedBy === GALLERY_AUTHOR) &&
            earlier.some((v) => sameCode(v, t)),
        );
        for (const template of [row, ...untouchedCopies]) data.save(template, { name: template.name, ...codeOf(seed) }, GALLERY_AUTHOR, now);
        changed = true;
      }
      return changed;
    },

    defaultTemplate: (): PopupTemplateRow => {
      const row = templates().find((t) => t.scope === 'gallery' && t.isDefault) ?? templates().find((t) => t.scope === 'gallery');
      if (!row) throw templateNotFound();
      return row;
    },

    /** A gallery template or one of the caller's account; 404 otherwise (no existence leak). */
    readable: (session: Session, idParam: string | undefined): PopupTemplateRow => {
      const id = parseId(idParam);
      const row = id === undefined ? undefined : templates().find((t) => t.id === id);
      if (!row || (row.scope === 'account' && row.accountId !== session.accountId)) throw templateNotFound();
      return row;
    },

    /** What a save changes: the new content, version + 1 (recordVersion then records it). */
    saved: (row: Pick<PopupTemplateRow, 'version'>, input: TemplateInput, author: string, at: string) => ({
      name: input.name,
      ...codeOf(input),
      version: row.version + 1,
      updatedAt: at,
      updatedBy: author,
    }),

    /** Applies a save in place and records it. */
    save: (row: PopupTemplateRow, input: TemplateInput, author: string, at: string, restoredFrom: number | null = null): TemplateVersionRow => {
      Object.assign(row, data.saved(row, input, author, at));
      return recordVersion(row, author, at, restoredFrom);
    },

    settingsOf: (consentSolutionId: number): PopupSettingsRow | undefined => settings().find((s) => s.consentSolutionId === consentSolutionId),

    ensureSettings: (solution: { id: number; accountId: number }, at: string): PopupSettingsRow => {
      const existing = settings().find((s) => s.consentSolutionId === solution.id);
      if (existing) return existing;
      const row: PopupSettingsRow = {
        id: store.nextId(POPUP_SETTINGS),
        accountId: solution.accountId,
        consentSolutionId: solution.id,
        mode: 'default',
        templateId: null,
        publishedPublicationId: null,
        updatedAt: at,
      };
      settings().push(row);
      return row;
    },

    /** The template a solution's pop-up uses now: its custom one, or the gallery default. */
    activeTemplate: (consentSolutionId: number): PopupTemplateRow => {
      const choice = settings().find((s) => s.consentSolutionId === consentSolutionId);
      const custom = choice?.mode === 'custom' ? templates().find((t) => t.id === choice.templateId) : undefined;
      return custom ?? data.defaultTemplate();
    },
  };
  return data;
};

export type TemplateData = ReturnType<typeof templateData>;
