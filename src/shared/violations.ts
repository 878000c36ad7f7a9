/**
 * The error body of the provider's API (ENT-8), shared by the dev API that writes it and the
 * app's providers that read it.
 */
export interface Violation {
  propertyPath: string;
  message: string;
  payload: { messageKey: string };
}

export interface ViolationBody {
  violations: Violation[];
}

export const isViolationBody = (body: unknown): body is ViolationBody =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as { violations?: unknown }).violations) &&
  (body as { violations: unknown[] }).violations.every(
    (v) => typeof v === 'object' && v !== null && typeof (v as Violation).propertyPath === 'string' && typeof (v as Violation).payload?.messageKey === 'string',
  );

/**
 * The answer of a file import: its result, or the violations it was refused for (a file may
 * hold a hundred row problems, which belong in the import dialog rather than in toasts).
 */
export type ImportOutcome<Result> = { ok: true; result: Result } | { ok: false; violations: Violation[] };
