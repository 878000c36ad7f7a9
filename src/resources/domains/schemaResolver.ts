import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver over a shared zod schema (VAL-4: the form runs the very rule the
 * API runs). Unlike a plain zodResolver it lets a form whose field names follow the API body
 * (e.g. `domain.canonicalDomain`) validate with a schema of another shape, and it puts an
 * error on an array item (`additionalLanguages.2`) on the array's own input, which is the one
 * that can show it. Messages stay message keys; the inputs translate them.
 *
 * On success the form keeps its own values: the screen's `transform` builds the API body.
 */
export interface SchemaResolverOptions<TValues> {
  /** The schema's input built from the form values. */
  toInput?: (values: TValues) => unknown;
  /** The form field of a schema path; default: the path itself. */
  fieldOf?: (path: readonly PropertyKey[]) => string;
}

/** The field that shows an issue: the path up to the first array index. */
export const fieldPathOf = (path: readonly PropertyKey[]): string => {
  const firstIndex = path.findIndex((segment) => typeof segment === 'number');
  return (firstIndex === -1 ? path : path.slice(0, firstIndex)).map(String).join('.');
};

const setAt = (target: Record<string, unknown>, dottedPath: string, value: unknown): void => {
  const keys = dottedPath.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1] ?? '';
  // The first issue of a field wins: it is the most basic one (required before format).
  if (node[last] === undefined) node[last] = value;
};

/** Issues as nested react-hook-form errors, one per field. */
export const issuesToFieldErrors = (
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (path: readonly PropertyKey[]) => string = fieldPathOf,
): Record<string, unknown> => {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    // A whole-object issue has no field; the forms' schemas put every issue on a field.
    if (field !== '') setAt(errors, field, { type: issue.code, message: issue.message });
  }
  return errors;
};

export const schemaResolver =
  <TValues extends FieldValues>(schema: z.ZodType, { toInput, fieldOf }: SchemaResolverOptions<TValues> = {}): Resolver<TValues> =>
  async (values) => {
    const result = await schema.safeParseAsync(toInput ? toInput(values) : values);
    if (result.success) return { values, errors: {} };
    return { values: {}, errors: issuesToFieldErrors(result.error.issues, fieldOf) as FieldErrors<TValues> };
  };
