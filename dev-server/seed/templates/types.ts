import type { TemplateInput } from '../../../src/schemas/template';

/** A gallery template as seeded: the editable fields plus a short description. */
export interface GalleryTemplateSeed extends TemplateInput {
  description: string;
  /** The template every solution uses until it picks a custom one (ROUTE-19 "default"). */
  isDefault?: boolean;
}
