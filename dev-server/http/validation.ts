import type { z } from 'zod';
import type { Violation } from '../../src/shared/violations';
import { ApiError, violation } from './errors';

const MESSAGE_KEY = /^[a-z_]+(\.[a-z0-9_]+)+$/;

/**
 * The one way the dev API validates input with a zod schema (src/schemas): 400 with one
 * violation per issue, `propertyPath` the dot-joined path, `messageKey` the issue's message.
 * Issues the schema gives no key for (e.g. an array where a list is expected) get a generic key
 * instead of zod's English sentence, so `messageKey` is always a key. `mapPath` renames fields
 * (the create form nests its domain under `domain.`).
 */
export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown, mapPath: (path: string) => string = (p) => p): z.output<S> => {
  const parsed = safeParseKeyed(schema, input);
  if (parsed.success) return parsed.data;
  throw new ApiError(400, zodViolations(parsed.error, mapPath));
};

/** zod's safeParse, with a message key for the issues the schema names none for. */
export const safeParseKeyed = <S extends z.ZodType>(schema: S, input: unknown) =>
  schema.safeParse(input, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : 'validation.invalid_value'),
  });

/** One violation per issue (for callers that add their own to the list before answering). */
export const zodViolations = (error: z.ZodError, mapPath: (path: string) => string = (p) => p): Violation[] =>
  error.issues.map((issue) =>
    violation(MESSAGE_KEY.test(issue.message) ? issue.message : 'validation.invalid_value', mapPath(issue.path.map(String).join('.'))),
  );

/**
 * An update checked as its result (rules such as "languages unique" apply to the merge): the
 * stored values of `keys`, replaced by those the body names, parsed with `schema`.
 */
export const parseUpdate = <S extends z.ZodType, K extends string>(
  schema: S,
  row: Record<K, unknown>,
  body: Record<string, unknown>,
  keys: readonly K[],
): z.output<S> => parseOrThrow(schema, Object.fromEntries(keys.map((key) => [key, Object.hasOwn(body, key) ? body[key] : row[key]])));
