import { TEMPLATE_FUNCTION_FIELDS, TEMPLATE_FUNCTION_PARAMS, unknownPlaceholders, type TemplateCode } from '../../src/schemas/template';
import type { Violation } from '../../src/shared/violations';
import { violation } from '../http/errors';

/**
 * Would this template regenerate into a working banner? The three functions must parse as
 * function bodies (`new Function` compiles without calling, so nothing of the template runs
 * here) and the html may use only known placeholders. The regeneration error leads, then one
 * violation per faulty field so the editor can mark it.
 */
export const compileViolations = (code: TemplateCode): Violation[] => {
  const fields: Violation[] = [];
  if (unknownPlaceholders(code.html).length > 0) fields.push(violation('validation.template_placeholder_unknown', 'html'));
  for (const field of TEMPLATE_FUNCTION_FIELDS) {
    try {
      // Compiled to check the syntax only; the function is never called.
      new Function(...TEMPLATE_FUNCTION_PARAMS, code[field]);
    } catch {
      fields.push(violation('validation.template_function_invalid', field));
    }
  }
  return fields.length === 0 ? [] : [violation('error.backend.template_regeneration_failed'), ...fields];
};
