import busboy from 'busboy';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from './errors';

export const BODY_LIMIT_BYTES = 100 * 1024;
const JSON_TYPES = ['application/json', 'application/ld+json', 'application/merge-patch+json'];
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The media types a page on another site may send without a CORS preflight (the "simple"
 * ones of the Fetch standard), so they would reach a route before CORS could refuse them.
 */
const PREFLIGHT_FREE_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'];
/** The only endpoints docs/api.md documents with a multipart body: password recovery. */
const MULTIPART_PATHS = /^\/lost-password\//;

/** Keys that could reach Object.prototype through a later merge/assign (prototype pollution). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const malformed = (): ApiError => new ApiError(400, 'error.backend.empty_or_malformed_body');
const tooLarge = (): ApiError => new ApiError(413, 'error.backend.payload_too_large');

const hasBody = (req: Request): boolean => {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
};

// Read as text first so we decide ourselves what an empty body or a forbidden key means
// (express.json would turn an empty body into `{}` and silently keep `__proto__` keys).
const readText = express.text({ type: () => true, limit: BODY_LIMIT_BYTES });

const parseJsonObject = (text: string): Record<string, unknown> => {
  if (text.trim() === '') throw malformed();
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey();
      return v;
    });
  } catch {
    throw malformed();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed();
  return value as Record<string, unknown>;
};

class ForbiddenKey extends Error {}

const hasForbiddenSegment = (fieldName: string): boolean => fieldName.split(/[[\].]+/).some((segment) => FORBIDDEN_KEYS.has(segment));

/** Multipart fields into a flat `{ name: value }` map; files are refused (no endpoint takes one). */
const parseMultipart = (req: Request, res: Response, next: NextFunction): void => {
  let settled = false;
  const fields: Record<string, string> = {};
  const fail = (error: ApiError): void => {
    if (settled) return;
    settled = true;
    req.unpipe();
    req.resume();
    // The client may still be sending; closing the connection stops a flood after the answer.
    res.setHeader('Connection', 'close');
    next(error);
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fields: 50, fieldNameSize: 200, fieldSize: BODY_LIMIT_BYTES, files: 0, parts: 50 },
    });
  } catch {
    fail(malformed());
    return;
  }
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > BODY_LIMIT_BYTES) fail(tooLarge());
  });
  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(tooLarge());
    if (hasForbiddenSegment(name)) return fail(malformed());
    fields[name] = value;
  });
  parser.on('file', (_name, stream) => {
    stream.resume();
    fail(new ApiError(415, 'error.backend.unsupported_media_type'));
  });
  parser.on('filesLimit', () => fail(new ApiError(415, 'error.backend.unsupported_media_type')));
  parser.on('fieldsLimit', () => fail(tooLarge()));
  parser.on('partsLimit', () => fail(tooLarge()));
  parser.on('error', () => fail(malformed()));
  parser.on('close', () => {
    if (settled) return;
    settled = true;
    req.body = fields;
    next();
  });
  req.pipe(parser);
};

/**
 * Body parser for one endpoint: JSON (the three JSON media types of docs/api.md) and/or
 * multipart. Replaces json-server's parser, which leaves `application/ld+json` and multipart
 * bodies empty. Anything else answers 415; an empty or invalid body 400; over 100 kB 413.
 */
/** Requests whose JSON body a guard mounted before the route has already read (the stream is spent). */
const parsedJson = new WeakSet<object>();

export const acceptBody = (kinds: { json?: boolean; multipart?: boolean }): RequestHandler => {
  return (req, res, next) => {
    if (kinds.json && parsedJson.has(req)) return next();
    if (!hasBody(req)) return next(malformed());
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) {
      res.setHeader('Connection', 'close');
      return next(tooLarge());
    }
    if (kinds.json && req.is(JSON_TYPES)) {
      readText(req, res, (err?: unknown) => {
        if (err) return next(err);
        try {
          req.body = parseJsonObject(typeof req.body === 'string' ? req.body : '');
        } catch (error) {
          return next(error);
        }
        parsedJson.add(req);
        next();
      });
      return;
    }
    if (kinds.multipart && req.is('multipart/form-data')) return parseMultipart(req, res, next);
    next(new ApiError(415, 'error.backend.unsupported_media_type'));
  };
};

/**
 * SEC-5: writes accept only their documented content types. Every endpoint reads JSON (or CSV
 * for imports), except password recovery (multipart); so on every other write a preflight-free
 * type (text/plain, a form) is refused with 415 before the route runs, also on routes that read
 * no body (push for consent, restore, publish…), and a body must declare its type. The routes'
 * own parsers (acceptBody, the import reader) then accept only their documented types. The
 * public consent-record endpoints, which take text/plain from the banner, are mounted before.
 */
export const documentedContentTypes: RequestHandler = (req, _res, next) => {
  if (!WRITE_METHODS.has(req.method)) return next();
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' ? hasBody(req) : PREFLIGHT_FREE_TYPES.includes(type) && !(type === 'multipart/form-data' && MULTIPART_PATHS.test(req.path))) {
    return next(new ApiError(415, 'error.backend.unsupported_media_type'));
  }
  next();
};
