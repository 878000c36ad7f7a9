import { templateInputSchema } from '../../schemas/template';
import type { LineChange, PopupTemplate, TemplateBody } from '../../schemas/popupTemplate';

/** The pop-up templates' pure logic: what a save sends, its field errors, a diff's rows. */

export const RESOURCE = 'popup-templates';
export type TemplateScope = PopupTemplate['scope'];

/** What a save of the template sends (its name and code). */
export const bodyOf = (template: TemplateBody): TemplateBody => ({
  name: template.name,
  html: template.html,
  css: template.css,
  js: template.js,
  displayFunction: template.displayFunction,
  hideFunction: template.hideFunction,
});

/** Field errors of the shared schema (VAL-1), keyed by field, as message keys. */
export const errorsOf = (body: TemplateBody): Partial<Record<keyof TemplateBody, string>> => {
  const parsed = templateInputSchema.safeParse(body);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof TemplateBody, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TemplateBody;
    errors[field] ??= issue.message;
  }
  return errors;
};

interface DiffRow {
  left: string | null;
  right: string | null;
  kind: 'same' | 'changed';
}

const lines = (value: string): string[] => value.replace(/\n$/, '').split('\n');

/** Line changes into side-by-side rows: removed lines left, added lines right, paired in order. */
export const sideBySide = (changes: readonly LineChange[]): DiffRow[] => {
  const rows: DiffRow[] = [];
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index];
    if (!change) continue;
    if (!change.added && !change.removed) {
      for (const line of lines(change.value)) rows.push({ left: line, right: line, kind: 'same' });
      continue;
    }
    const next = changes[index + 1];
    const removed = change.removed ? lines(change.value) : [];
    const added = change.added ? lines(change.value) : next?.added && change.removed ? lines(next.value) : [];
    if (change.removed && next?.added) index += 1;
    for (let row = 0; row < Math.max(removed.length, added.length); row += 1)
      rows.push({ left: removed[row] ?? null, right: added[row] ?? null, kind: 'changed' });
  }
  return rows;
};
