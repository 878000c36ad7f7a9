import type { PublishedTcf, TcfSettings } from '../../src/schemas/tcf';
import type { PopupTemplate, Publication, PublicationSnapshot, TemplateVersion } from '../../src/schemas/popupTemplate';
import type { TemplateMode } from '../../src/schemas/template';

/** The rows of templates and publishing (docs/api.md "Templates and publishing"). */

/** Collection `popupTemplates`: gallery templates (`accountId` null, ROLE_ADMIN edits) and my templates. The author is always stored. */
export interface PopupTemplateRow extends Omit<PopupTemplate, 'updatedBy'> {
  updatedBy: string;
}

/** Collection `popupTemplateVersions`: the full content of every save. */
export interface TemplateVersionRow extends Omit<TemplateVersion, 'createdBy'> {
  createdBy: string;
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
export interface PublicationRow extends Omit<Publication, 'publishedBy'> {
  publishedBy: string;
  /** The script file's name in the solution's CDN folder. */
  file: string;
  /** STD-5: the cookie declaration's file and its SHA-256 (publications made before it: none). */
  declarationFile?: string;
  declarationSha256?: string;
  /** STD-5, I18N-3: per language, the declaration in that language alone (publications made before it: none). */
  declarationFiles?: Record<string, { file: string; sha256: string }>;
  /** STD-8: per language, the core that loads that language's UI only (publications made before it: none). */
  languageFiles?: Record<string, { file: string; sha256: string }>;
  /** STD-8: per language, the UI the core loads (publications made before the split: none, their `file` is the whole banner). */
  uiFiles?: Record<string, { file: string; sha256: string }>;
  /** STD-8: per language, the async snippet's script, the core with that UI inside (publications made before it: none). */
  fullFiles?: Record<string, { file: string; sha256: string }>;
  /** PROMISE-5: `loader.js`, the one installation snippet's script (publications made before it: composed when served). */
  loaderFile?: { file: string; sha256: string };
  /** PROMISE-4: what the publish was made from, per area (publications made before it: none). */
  snapshot?: PublicationSnapshot;
  sha256: string;
  bytes: number;
  /** TCF-3: the GVL version and vendor declarations the banner was built with (absent or null: TCF off). */
  tcf?: PublishedTcf | null;
  /** STD-13: the GPP module's file and its SHA-256, with GPP on. */
  gppFile?: { file: string; sha256: string };
  /** STD-15: whether the banner published honours the GPC signal (publications made before STD-15: read from the solution's standards). */
  honourGpc?: boolean;
  /** STD-11: the TCF settings published (the CDN makes the current list's files from them); absent with TCF off and before STD-11. */
  tcfSettings?: TcfSettings;
  /** DEPLOY-5: the categories the banner offers, which its records may name (publications made before: every one). */
  categories?: string[];
}
