import type { DataProvider, Identifier } from 'ra-core';
import type { PopupState, PopupTemplate, PreviewContent, Publication, PublishStatus, TemplateDiff, TemplateVersion } from '../../schemas/popupTemplate';
import type { TemplateMode } from '../../schemas/template';
import { getJson, segment, sendJson } from './jsonCalls';

/**
 * The pop-up's calls that are not CRUD (docs/api.md "Templates and publishing"): the solution's
 * choice of template, the preview's content, publishing, and a template's versions. The
 * templates themselves are the `popup-templates` resource.
 */
export interface PopupMethods {
  getPopupState(solutionId: Identifier): Promise<PopupState>;
  choosePopupTemplate(solutionId: Identifier, mode: TemplateMode, templateId: number | null): Promise<PopupState>;
  /** Without a language: the solution's default one. */
  getPopupPreviewContent(solutionId: Identifier, language?: string): Promise<PreviewContent>;
  publishPopup(solutionId: Identifier, needsReconsent: boolean): Promise<Publication & { scriptPath: string }>;
  getPublications(solutionId: Identifier): Promise<Publication[]>;
  /** PROMISE-4: the live version and what changed since it. */
  getPublishStatus(solutionId: Identifier): Promise<PublishStatus>;
  getTemplateVersions(templateId: Identifier): Promise<TemplateVersion[]>;
  diffTemplateVersions(templateId: Identifier, from: number, to: number): Promise<TemplateDiff>;
  restoreTemplateVersion(templateId: Identifier, version: number): Promise<PopupTemplate>;
}

const LOAD_ERROR = 'popup.notifications.load_error';
const popupPath = (solutionId: Identifier) => `/consent-solutions/${segment(solutionId)}/popup`;
const templatePath = (templateId: Identifier) => `/popup-templates/${segment(templateId)}`;

export const withPopupMethods = <T extends DataProvider>(base: T): T & PopupMethods => ({
  ...base,
  getPopupState: (solutionId) => getJson(popupPath(solutionId), LOAD_ERROR),
  choosePopupTemplate: (solutionId, mode, templateId) => sendJson(popupPath(solutionId), 'PUT', { mode, templateId }, 'popup.notifications.choose_error'),
  getPopupPreviewContent: (solutionId, language) =>
    getJson(`${popupPath(solutionId)}/content${language ? `?language=${encodeURIComponent(language)}` : ''}`, LOAD_ERROR),
  publishPopup: (solutionId, needsReconsent) =>
    sendJson(`/consent-solutions/${segment(solutionId)}/publish`, 'POST', { needsReconsent }, 'popup.notifications.publish_error'),
  getPublications: (solutionId) => getJson(`/consent-solutions/${segment(solutionId)}/publications`, LOAD_ERROR),
  getPublishStatus: (solutionId) => getJson(`/consent-solutions/${segment(solutionId)}/publish-status`, LOAD_ERROR),
  getTemplateVersions: (templateId) => getJson(`${templatePath(templateId)}/versions`, LOAD_ERROR),
  diffTemplateVersions: (templateId, from, to) => getJson(`${templatePath(templateId)}/diff?from=${from}&to=${to}`, LOAD_ERROR),
  restoreTemplateVersion: (templateId, version) =>
    sendJson(`${templatePath(templateId)}/versions/${version}/restore`, 'POST', undefined, 'popup.notifications.restore_error'),
});
