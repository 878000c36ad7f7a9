import type { BannerContent, TemplateCode, TemplateMode } from './template';

/**
 * The wire types of templates and publishing (docs/api.md "Templates and publishing",
 * ROUTE-13, ROUTE-19, BEYOND-2). The dev API's rows are these, plus what stays server-side.
 */

/** `popup-templates`: gallery templates (`accountId` null, ROLE_ADMIN edits) and an account's own. */
export interface PopupTemplate extends TemplateCode {
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
  /** Email of whoever saved it last; null to a customer when the provider's staff did (DEPLOY-6). */
  updatedBy: string | null;
}

/** The full content of one save of a template. */
export interface TemplateVersion extends TemplateCode {
  id: number;
  templateId: number;
  accountId: number | null;
  version: number;
  name: string;
  createdAt: string;
  /** Email of whoever saved it; null to a customer when the provider's staff did (DEPLOY-6). */
  createdBy: string | null;
  /** Set when this version restored an older one. */
  restoredFrom: number | null;
}

/** One successful publish of a consent solution's pop-up. */
export interface Publication {
  id: number;
  accountId: number;
  consentSolutionId: number;
  /** 1, 2, 3… per consent solution. */
  version: number;
  templateId: number;
  templateVersion: number;
  templateName: string;
  needsReconsent: boolean;
  consentVersion: number;
  publishedAt: string;
  /** Email of who published; null to a customer when the provider's staff did (DEPLOY-6). */
  publishedBy: string | null;
  /**
   * STD-8: the installation snippet's inline first part for this publication (Consent Mode
   * defaults, the IAB stub), run before the core loads `async`; empty when none is needed.
   * Publications made before the async snippet: none (their snippet is the synchronous tag).
   */
  inlineScript?: string;
}

/** PROMISE-4: the areas of a solution a publish takes to the live banner. */
export const PUBLISH_AREAS = ['texts', 'cookies', 'template', 'settings'] as const;
export type PublishArea = (typeof PUBLISH_AREAS)[number];
/** What a publish was made from: one fingerprint per area. */
export type PublicationSnapshot = Record<PublishArea, string>;

/**
 * PROMISE-4 `GET /consent-solutions/{id}/publish-status`: the live version, and what changed
 * since it was published (null: a publication made before the API could tell).
 */
export interface PublishStatus {
  published: { version: number; publishedAt: string } | null;
  changes: PublishArea[] | null;
}

/** What a template's create and save send. */
export type TemplateBody = TemplateCode & { name: string };

/** `GET /consent-solutions/{id}/popup`: the pop-up's choice and what the CDN serves. */
export interface PopupState {
  consentSolutionId: number;
  mode: TemplateMode;
  templateId: number | null;
  activeTemplateId: number;
  published: Publication | null;
  scriptPath: string;
}

/** `GET /consent-solutions/{id}/popup/content`: the texts and cookies a preview renders. */
export interface PreviewContent {
  languages: string[];
  defaultLanguage: string;
  content: BannerContent;
}

/** One part of a line diff (the `diff` package's Change). */
export interface LineChange {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** `GET /popup-templates/{id}/diff?from&to`: the fields that differ between two versions. */
export interface TemplateDiff {
  from: number;
  to: number;
  fields: Partial<Record<'name' | keyof TemplateCode, LineChange[]>>;
}
