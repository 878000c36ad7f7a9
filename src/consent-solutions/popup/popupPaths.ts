import type { Identifier } from 'react-admin';

/** ROUTE-13: the pop-up tab's URLs. */
export const TEMPLATE_ACTIONS = ['edit', 'duplicate', 'use-from-gallery'] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];
export const isTemplateAction = (value: string | undefined): value is TemplateAction => (TEMPLATE_ACTIONS as readonly (string | undefined)[]).includes(value);

const base = (solutionId: Identifier) => `/consent-solutions/${encodeURIComponent(String(solutionId))}/popup`;
export const myTemplatesPath = (solutionId: Identifier) => `${base(solutionId)}/my-templates/`;
export const galleryPath = (solutionId: Identifier) => `${base(solutionId)}/template-gallery/`;
export const editTemplatePath = (solutionId: Identifier, templateId: Identifier, action: TemplateAction) =>
  `${base(solutionId)}/edit-template/${encodeURIComponent(String(templateId))}/${action}/`;
