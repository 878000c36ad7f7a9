import type { TemplateCode, TemplateInput } from '../../src/schemas/template';
import { TEMPLATE_CODE_FIELDS } from '../../src/schemas/template';
import type { Session } from '../auth/session';
import { ApiError, violation } from '../http/errors';
import { GALLERY_TEMPLATES } from '../seed/templates';
import type { Store } from '../store/store';
import type { PopupSettingsRow, PopupTemplateRow, PublicationRow, TemplateVersionRow } from './types';

export const TEMPLATES = 'popupTemplates';
export const TEMPLATE_VERSIONS = 'popupTemplateVersions';
export const POPUP_SETTINGS = 'popupSettings';
export const PUBLICATIONS = 'publications';

export const GALLERY_AUTHOR = 'gallery@seed';

export const templateNotFound = (): ApiError => new ApiError(404, [violation('error.backend.template_not_found')]);

const parseId = (param: string | undefined): number | undefined => (param !== undefined && /^\d{1,15}$/.test(param) ? Number(param) : undefined);

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
  for (const name of [TEMPLATES, TEMPLATE_VERSIONS, POPUP_SETTINGS, PUBLICATIONS]) store.ensureCollection(name);
  const templates = (): PopupTemplateRow[] => store.state()[TEMPLATES] as PopupTemplateRow[];
  const versions = (): TemplateVersionRow[] => store.state()[TEMPLATE_VERSIONS] as TemplateVersionRow[];
  const settings = (): PopupSettingsRow[] => store.state()[POPUP_SETTINGS] as PopupSettingsRow[];
  const publications = (): PublicationRow[] => store.state()[PUBLICATIONS] as PublicationRow[];

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
      if (templates().some((row) => row.scope === 'gallery')) return;
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

    /** Applies a save: new content, version + 1, recorded. */
    save: (row: PopupTemplateRow, input: TemplateInput, author: string, at: string, restoredFrom: number | null = null): TemplateVersionRow => {
      row.name = input.name;
      for (const field of TEMPLATE_CODE_FIELDS) row[field] = input[field];
      row.version += 1;
      row.updatedAt = at;
      row.updatedBy = author;
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
