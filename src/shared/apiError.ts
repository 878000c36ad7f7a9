import { isViolationBody, type Violation } from './violations';

/** A failed API call: its HTTP status (0 when the network failed) and the API's violations. */
export class ApiError extends Error {
  readonly status: number;
  readonly violations: Violation[];
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    const violations = isViolationBody(body) ? body.violations : [];
    super(message ?? violations[0]?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.violations = violations;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
