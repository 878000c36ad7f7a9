import express, { type RequestHandler } from 'express';
import type { Violation } from '../../src/shared/violations';
import { ApiError, violation } from './errors';

/**
 * Import files (a solution's cookies, its translations): CSV or JSON, bigger than the 100 kB of
 * ordinary bodies, read as text and checked row by row before anything changes.
 */

const IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** Violations answered at most per import; the rest would only repeat the same problems. */
export const MAX_IMPORT_VIOLATIONS = 100;

/** One violation per place and key (a JSON language outside the solution is reported once, not per text). */
export const uniqueViolations = (violations: Violation[]): Violation[] => {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const id = `${v.propertyPath}\u0000${v.payload.messageKey}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
};

/** SEC-5: CSV or JSON only (text/plain would need no CORS preflight). */
const IMPORT_TYPES = ['text/csv', 'application/json', 'application/ld+json'];
const readImportText = express.text({ type: IMPORT_TYPES, limit: IMPORT_LIMIT_BYTES });

/** Reads an import file as text (CSV or JSON by Content-Type); 415 for anything else, 413 above 5 MB. */
export const importBody: RequestHandler = (req, res, next) => {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMPORT_LIMIT_BYTES) {
    res.setHeader('Connection', 'close');
    next(new ApiError(413, 'error.backend.payload_too_large'));
    return;
  }
  if (!req.is(IMPORT_TYPES)) {
    next(new ApiError(415, 'error.backend.unsupported_media_type'));
    return;
  }
  readImportText(req, res, (err?: unknown) => {
    if (err) return next(err);
    if (typeof req.body !== 'string' || req.body.trim() === '') return next(new ApiError(400, [violation('validation.import_empty')]));
    next();
  });
};

export const isJsonImport = (contentType: string | undefined): boolean => /json/i.test(contentType ?? '');

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON without prototype-reaching keys; undefined when it is not valid JSON. */
export const parseImportJson = (text: string): unknown => {
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new Error('forbidden key');
      return value;
    });
  } catch {
    return undefined;
  }
};

export const dryRunOf = (query: Record<string, unknown>): boolean => query.dryRun === 'true' || query.dryRun === '1';
