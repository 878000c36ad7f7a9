import type { PublishedTcf } from '../../src/schemas/tcf';
import type { TemplateCode, TemplateMode } from '../../src/schemas/template';

/** The rows of templates and publishing (docs/api.md "Templates and publishing"). */

/** Collection `popupTemplates`: gallery templates (`accountId` null, ROLE_ADMIN edits) and my templates. */
export interface PopupTemplateRow extends TemplateCode {
  id: number;
  /** null for a gallery template. */
  accountId: number | null;
  scope: 'gallery' | 'account';
  name: string;
  description: string;
  /** Gallery only: the template of the "default" choice. */
  isDefault: boolean;
  /** The gallery template it was made from, if any. */
  sourceTemplateId: number | null;
  /** The newest version's number; every save adds one (BEYOND-2). */
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/** Collection `popupTemplateVersions`: the full content of every save. */
export interface TemplateVersionRow extends TemplateCode {
  id: number;
  templateId: number;
  accountId: number | null;
  version: number;
  name: string;
  createdAt: string;
  /** Email of whoever saved it. */
  createdBy: string;
  /** Set when this version restored an older one. */
  restoredFrom: number | null;
}

/** Collection `popupSettings`: one row per consent solution that chose something. */
export interface PopupSettingsRow {
  id: number;
  accountId: number;
  consentSolutionId: number;
  mode: TemplateMode;
  /** The custom template (mode `custom`). */
  templateId: number | null;
  /** The publication the CDN serves; switched only after its file is written. */
  publishedPublicationId: number | null;
  updatedAt: string;
}

/** Collection `publications`: one per successful publish. */
export interface PublicationRow {
  id: number;
  accountId: number;
  consentSolutionId: number;
  /** 1, 2, 3… per consent solution. */
  version: number;
  templateId: number;
  templateVersion: number;
  templateName: string;
  /** The script file's name in the solution's CDN folder. */
  file: string;
  /** STD-5: the cookie declaration's file and its SHA-256 (publications made before it: none). */
  declarationFile?: string;
  declarationSha256?: string;
  /** STD-8: per language, the core that loads that language's UI only (publications made before it: none). */
  languageFiles?: Record<string, { file: string; sha256: string }>;
  /** STD-8: per language, the UI the core loads (publications made before the split: none, their `file` is the whole banner). */
  uiFiles?: Record<string, { file: string; sha256: string }>;
  sha256: string;
  bytes: number;
  needsReconsent: boolean;
  consentVersion: number;
  publishedAt: string;
  publishedBy: string;
  /** TCF-3: the GVL version and vendor declarations the banner was built with (absent or null: TCF off). */
  tcf?: PublishedTcf | null;
}
