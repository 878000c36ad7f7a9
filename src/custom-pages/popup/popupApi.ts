import type { Identifier } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import type { BannerContent, TemplateCode, TemplateMode } from '../../schemas/template';

/**
 * The calls of docs/api.md "Templates and publishing", through the providers' httpClient
 * (one toast per violation, or the screen's default notice).
 */

export interface PopupTemplate extends TemplateCode {
  id: number;
  scope: 'gallery' | 'account';
  accountId: number | null;
  name: string;
  description: string;
  isDefault: boolean;
  sourceTemplateId: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

export interface TemplateVersion extends TemplateCode {
  id: number;
  templateId: number;
  version: number;
  name: string;
  createdAt: string;
  createdBy: string;
  restoredFrom: number | null;
}

export interface Publication {
  id: number;
  version: number;
  templateId: number;
  templateVersion: number;
  templateName: string;
  needsReconsent: boolean;
  consentVersion: number;
  publishedAt: string;
  publishedBy: string;
}

export interface PopupState {
  consentSolutionId: number;
  mode: TemplateMode;
  templateId: number | null;
  activeTemplateId: number;
  published: Publication | null;
  scriptPath: string;
}

export interface PreviewContent {
  languages: string[];
  defaultLanguage: string;
  content: BannerContent;
}

export interface LineChange {
  value: string;
  added?: boolean;
  removed?: boolean;
}

export interface TemplateDiff {
  from: number;
  to: number;
  fields: Partial<Record<'name' | keyof TemplateCode, LineChange[]>>;
}

export type TemplateBody = TemplateCode & { name: string };

const id = (value: Identifier): string => encodeURIComponent(String(value));
const solutionPath = (solutionId: Identifier) => `/consent-solutions/${id(solutionId)}`;

const get = async <T,>(path: string, defaultErrorKey = 'popup.notifications.load_error'): Promise<T> => (await httpClient(path, { defaultErrorKey })).json as T;

const send = async <T,>(path: string, method: string, body: unknown, defaultErrorKey: string): Promise<T> =>
  (await httpClient(path, { method, body: body === undefined ? undefined : JSON.stringify(body), defaultErrorKey })).json as T;

export const listTemplates = (scope: 'gallery' | 'account') => get<PopupTemplate[]>(`/popup-templates?scope=${scope}&_sort=id&_order=asc`);
export const getTemplate = (templateId: Identifier) => get<PopupTemplate>(`/popup-templates/${id(templateId)}`);
export const createTemplate = (body: TemplateBody & { sourceTemplateId: number | null }) =>
  send<PopupTemplate>('/popup-templates', 'POST', body, 'popup.notifications.save_error');
export const saveTemplate = (templateId: Identifier, body: TemplateBody) => send<PopupTemplate>(`/popup-templates/${id(templateId)}`, 'PUT', body, 'popup.notifications.save_error');
export const deleteTemplate = (templateId: Identifier) => send<null>(`/popup-templates/${id(templateId)}`, 'DELETE', undefined, 'popup.notifications.delete_error');

export const listVersions = (templateId: Identifier) => get<TemplateVersion[]>(`/popup-templates/${id(templateId)}/versions`);
export const diffVersions = (templateId: Identifier, from: number, to: number) => get<TemplateDiff>(`/popup-templates/${id(templateId)}/diff?from=${from}&to=${to}`);
export const restoreVersion = (templateId: Identifier, version: number) =>
  send<PopupTemplate>(`/popup-templates/${id(templateId)}/versions/${version}/restore`, 'POST', undefined, 'popup.notifications.restore_error');

export const getPopupState = (solutionId: Identifier) => get<PopupState>(`${solutionPath(solutionId)}/popup`);
export const choosePopupTemplate = (solutionId: Identifier, mode: TemplateMode, templateId: number | null) =>
  send<PopupState>(`${solutionPath(solutionId)}/popup`, 'PUT', { mode, templateId }, 'popup.notifications.choose_error');
export const getPreviewContent = (solutionId: Identifier, language: string) =>
  get<PreviewContent>(`${solutionPath(solutionId)}/popup/content${language ? `?language=${encodeURIComponent(language)}` : ''}`);
export const publishPopup = (solutionId: Identifier, needsReconsent: boolean) =>
  send<Publication & { scriptPath: string }>(`${solutionPath(solutionId)}/publish`, 'POST', { needsReconsent }, 'popup.notifications.publish_error');
export const listPublications = (solutionId: Identifier) => get<Publication[]>(`${solutionPath(solutionId)}/publications`);
