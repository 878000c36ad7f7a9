import type { z } from 'zod';

/** The first message key per top-level field of a failed zod parse. */
export const firstErrorPerField = (error: z.ZodError): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};
