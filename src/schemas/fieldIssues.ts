import type { z } from 'zod';

/*
 * From zod issues to one message key per form field: the part of formResolver.ts the auth
 * pages use, a module of its own so that the login route does not load the resolver.
 */

/** Which form field shows the issue at a schema path. */
export type FieldOf = (path: readonly PropertyKey[]) => string;

/**
 * The default: the path up to the first array index, so an error on an array item
 * (`additionalLanguages.2`) shows on the array's own input, the one that can show it.
 */
export const fieldPathOf: FieldOf = (path) => {
  const firstIndex = path.findIndex((segment) => typeof segment === 'number');
  return (firstIndex === -1 ? path : path.slice(0, firstIndex)).map(String).join('.');
};

interface FieldIssue {
  field: string;
  code: string;
  message: string;
}

/**
 * One issue per field, the first: it is the most basic one (required before format). A
 * whole-object issue has no field; the forms' schemas put every issue on a field.
 */
export const fieldIssues = (issues: readonly z.core.$ZodIssue[], fieldOf: FieldOf = fieldPathOf): FieldIssue[] => {
  const byField = new Map<string, FieldIssue>();
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field !== '' && !byField.has(field)) byField.set(field, { field, code: issue.code, message: issue.message });
  }
  return [...byField.values()];
};

/** The message key of each field's first issue, by field path. */
export const firstIssuePerField = (issues: readonly z.core.$ZodIssue[], fieldOf?: FieldOf): Record<string, string> =>
  Object.fromEntries(fieldIssues(issues, fieldOf).map(({ field, message }) => [field, message]));
