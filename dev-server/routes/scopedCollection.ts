import { Router, type Request } from 'express';
import { z } from 'zod';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context';
import { canWrite } from '../guards/roles';
import { acceptBody } from '../http/bodyParsers';
import { ApiError, notFound, zodViolations } from '../http/errors';
import type { JsonServerBridge } from '../store/jsonServerBridge';
import type { Row } from '../store/types';

/**
 * Owner-scoped collections (consent solutions, domains, cookies…): each row belongs to one
 * account via `accountId`, and json-server serves the rows only after these guards ran.
 *
 *   registerScopedCollection({ name: 'domains', schema: domainSchema, rules: { beforeCreate } })
 *
 * - GET /name lists only the caller's rows: `accountId` is injected into req.query before
 *   json-server runs, so filters, paging and X-Total-Count see only those rows.
 * - GET/PUT/PATCH/DELETE /name/:id answer 404 for a missing row and for another account's row.
 * - POST/PUT/PATCH bodies are parsed with `schema` (PATCH: its partial); unknown keys, `id`
 *   and `accountId` are dropped; POST/PUT set `accountId` from the session. Violations: 400,
 *   propertyPath = zod issue path, messageKey = issue message.
 * - Query keys are whitelisted (_page, _limit, _sort, _order, _start, _end, q + schema fields);
 *   others (_like, _embed, _expand, callback, _delay…) answer 400 error.backend.invalid_query.
 * - ROLE_DEMO callers are read-only (403 error.backend.permission_denied on any write).
 * - `rules` hooks run business rules (throw ApiError) before json-server writes.
 */
export interface ScopedCollectionDefinition<S extends z.ZodObject = z.ZodObject> {
  name: string;
  schema: S;
  rules?: {
    beforeCreate?: (input: z.infer<S>, session: Session) => void | Promise<void>;
    beforeUpdate?: (existing: ScopedRow, input: Partial<z.infer<S>>, session: Session) => void | Promise<void>;
    beforeDelete?: (existing: ScopedRow, session: Session) => void | Promise<void>;
  };
}

export interface ScopedRow extends Row {
  accountId: number;
  [field: string]: unknown;
}

const PAGING_KEYS = new Set(['_page', '_limit', '_start', '_end']);

export const invalidQuery = (key: string): ApiError => new ApiError(400, [{ ...invalidQueryViolation, propertyPath: key }]);
const invalidQueryViolation = {
  propertyPath: '',
  message: 'Invalid query parameter.',
  payload: { messageKey: 'error.backend.invalid_query' },
};

/** Validates req.query against the whitelist; throws on the first bad key (also used by hand-written list routes). */
export const checkListQuery = (query: Request['query'], fields: Set<string>): void => {
  for (const [key, value] of Object.entries(query)) {
    const isString = typeof value === 'string';
    if (PAGING_KEYS.has(key)) {
      if (!isString || !/^\d{1,9}$/.test(value)) throw invalidQuery(key);
    } else if (key === '_sort') {
      if (!isString || !value.split(',').every((f) => f === 'id' || fields.has(f))) throw invalidQuery(key);
    } else if (key === '_order') {
      if (!isString || !value.split(',').every((o) => /^(asc|desc)$/i.test(o))) throw invalidQuery(key);
    } else if (key === 'q') {
      if (!isString || value.length > 200) throw invalidQuery(key);
    } else if (key === 'id' || fields.has(key)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (!values.every((v) => typeof v === 'string' && v.length <= 500)) throw invalidQuery(key);
    } else {
      throw invalidQuery(key);
    }
  }
};

export const createScopedCollections = (ctx: ServerContext, bridge: JsonServerBridge) => {
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);

  const register = <S extends z.ZodObject>(definition: ScopedCollectionDefinition<S>): void => {
    const { name, schema, rules } = definition;
    if (!/^[a-z][a-zA-Z0-9-]*$/.test(name)) throw new Error(`Invalid collection name "${name}"`);
    const fields = new Set(Object.keys(schema.shape).filter((f) => f !== 'id' && f !== 'accountId'));
    const partial = schema.partial();
    bridge.addCollection(name);
    const rows = () => ctx.store.collection<ScopedRow>(name);

    const parse = <T extends z.ZodType>(s: T, body: unknown): z.infer<T> => {
      const parsed = s.safeParse(body);
      if (!parsed.success) throw new ApiError(400, zodViolations(parsed.error));
      const data = { ...(parsed.data as Record<string, unknown>) };
      delete data.id;
      delete data.accountId;
      return data as z.infer<T>;
    };
    const requireWrite = (req: Request): Session => {
      const caller = getSession(req);
      if (!canWrite(caller)) throw new ApiError(403, 'error.backend.permission_denied');
      return caller;
    };
    const body = acceptBody({ json: true });

    router.get(`/${name}`, session, (req, res, next) => {
      checkListQuery(req.query, fields);
      req.query.accountId = String(getSession(req).accountId);
      bridge.dispatch(req, res, next);
    });

    router.post(`/${name}`, session, body, (req, res, next) => {
      const caller = requireWrite(req);
      if (Object.keys(req.query).length > 0) throw invalidQuery(Object.keys(req.query)[0] ?? '');
      const input = parse(schema, req.body);
      Promise.resolve(rules?.beforeCreate?.(input, caller))
        .then(() => {
          req.body = { ...input, accountId: caller.accountId };
          bridge.dispatch(req, res, next);
        })
        .catch(next);
    });

    router.all(`/${name}/:id`, session, (req, res, next) => {
      const caller = getSession(req);
      if (Object.keys(req.query).length > 0) throw invalidQuery(Object.keys(req.query)[0] ?? '');
      const id = req.params.id ?? '';
      const existing = /^\d{1,15}$/.test(id) ? rows().find(Number(id)) : undefined;
      if (!existing || existing.accountId !== caller.accountId) throw notFound();
      switch (req.method) {
        case 'GET':
        case 'HEAD':
          bridge.dispatch(req, res, next);
          return;
        case 'PUT':
        case 'PATCH': {
          requireWrite(req);
          body(req, res, (err?: unknown) => {
            if (err) return next(err);
            try {
              const input = req.method === 'PUT' ? parse(schema, req.body) : parse(partial, req.body);
              Promise.resolve(rules?.beforeUpdate?.(existing, input as Partial<z.infer<S>>, caller))
                .then(() => {
                  // PUT replaces the row: keep the owner; PATCH merges: owner untouched.
                  req.body = req.method === 'PUT' ? { ...input, accountId: caller.accountId } : input;
                  bridge.dispatch(req, res, next);
                })
                .catch(next);
            } catch (error) {
              next(error);
            }
          });
          return;
        }
        case 'DELETE':
          requireWrite(req);
          Promise.resolve(rules?.beforeDelete?.(existing, caller))
            .then(() => bridge.dispatch(req, res, next))
            .catch(next);
          return;
        default:
          throw new ApiError(405, 'error.backend.method_not_allowed');
      }
    });

    router.all(`/${name}`, session, () => {
      throw new ApiError(405, 'error.backend.method_not_allowed');
    });
  };

  return { router, register };
};
