import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldIssues, type FieldOf } from './fieldIssues';

/**
 * The one path from a shared zod schema to a form's field errors (VAL-4: the form runs the very
 * rule the API runs). `schemaResolver` is the resolver of every react-hook-form and react-admin
 * form; the auth pages (plain forms, kept light for the login budget) read `firstIssuePerField`
 * and the rjsf translation forms build their validator on it too. Messages stay message keys;
 * the inputs translate them. Type-only imports: zod itself comes with the schema passed in.
 */

export { fieldIssues, fieldPathOf } from './fieldIssues';

/** Sets `value` at a dotted path of a nested object, creating the objects on the way. */
const setAtPath = (target: Record<string, unknown>, dottedPath: string, value: unknown): void => {
  const keys = dottedPath.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1] ?? ''] = value;
};

/** Issues as nested react-hook-form errors, one per field. */
const issuesToFieldErrors = (issues: readonly z.core.$ZodIssue[], fieldOf?: FieldOf): Record<string, unknown> => {
  const errors: Record<string, unknown> = {};
  for (const { field, code, message } of fieldIssues(issues, fieldOf)) setAtPath(errors, field, { type: code, message });
  return errors;
};

interface SchemaResolverOptions<TValues> {
  /** The schema's input built from the form values (a form whose fields follow another shape). */
  toInput?: (values: TValues) => unknown;
  /** The form field of a schema path; default `fieldPathOf`. */
  fieldOf?: FieldOf;
  /**
   * Hand the schema's output to the submit handler (trimmed, transformed) instead of the form's
   * own values, for a form whose save sends the values as they are.
   */
  submitParsed?: boolean;
}

/** A react-hook-form resolver over a shared zod schema. */
export const schemaResolver =
  <TValues extends FieldValues>(schema: z.ZodType, { toInput, fieldOf, submitParsed = false }: SchemaResolverOptions<TValues> = {}): Resolver<TValues> =>
  async (values) => {
    const result = await schema.safeParseAsync(toInput ? toInput(values) : values);
    if (result.success) return { values: submitParsed ? (result.data as TValues) : values, errors: {} };
    return { values: {}, errors: issuesToFieldErrors(result.error.issues, fieldOf) as FieldErrors<TValues> };
  };
