import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Violation, ViolationBody } from '../../src/shared/violations';
import { messageFor } from './messages';

export const violation = (messageKey: string, propertyPath = ''): Violation => ({
  propertyPath,
  message: messageFor(messageKey),
  payload: { messageKey },
});

/** An expected failure: the error handler answers it as-is (ENT-8 body, never a stack). */
export class ApiError extends Error {
  readonly status: number;
  readonly violations: Violation[];

  constructor(status: number, violations: Violation[] | string) {
    const list = typeof violations === 'string' ? [violation(violations)] : violations;
    super(list[0]?.payload.messageKey ?? 'error.backend.default_error');
    this.status = status;
    this.violations = list;
  }
}

export const notFound = (): ApiError => new ApiError(404, 'error.backend.not_found');

/**
 * The last handler of a known path: any method it has no route for answers 405 (with the
 * session check in front where the path needs one, so anonymous callers still get 401).
 */
export const methodNotAllowed: RequestHandler = () => {
  throw new ApiError(405, 'error.backend.method_not_allowed');
};

export const sendViolations = (res: Response, status: number, violations: Violation[]): void => {
  const body: ViolationBody = { violations };
  res.status(status).json(body);
};

/** Express 4 does not catch rejected promises; this forwards them to the error handler. */
export const asyncHandler =
  (fn: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    fn(req, res, next).catch(next);
  };

export const notFoundHandler: RequestHandler = (_req, res) => {
  sendViolations(res, 404, [violation('error.backend.not_found')]);
};

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
}

/**
 * Replaces express's and json-server's default handlers, which answer with a stack trace.
 * Known errors become 4xx violations; anything else is a bug: logged to stderr, answered 500
 * with a generic violation.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof ApiError) {
    sendViolations(res, err.status, err.violations);
    return;
  }
  const httpErr = (typeof err === 'object' && err !== null ? err : {}) as HttpLikeError;
  // body-parser / raw-body errors carry a `type` and a 4xx status.
  if (httpErr.type === 'entity.too.large') {
    sendViolations(res, 413, [violation('error.backend.payload_too_large')]);
    return;
  }
  const status = typeof httpErr.status === 'number' ? httpErr.status : typeof httpErr.statusCode === 'number' ? httpErr.statusCode : 500;
  if (status === 415) {
    sendViolations(res, 415, [violation('error.backend.unsupported_media_type')]);
    return;
  }
  if (status >= 400 && status < 500) {
    sendViolations(res, 400, [violation('error.backend.empty_or_malformed_body')]);
    return;
  }
  console.error('[dev-api] unexpected error', err);
  sendViolations(res, 500, [violation('error.backend.default_error')]);
};
