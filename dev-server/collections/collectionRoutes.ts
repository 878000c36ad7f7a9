import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Operation } from '../../src/shared/permissions';
import { getSession, requireSession, type Session } from '../auth/session';
import type { ServerContext } from '../context/context';
import { owned } from '../guards/ownership';
import { permit, type PermissionGuard } from '../guards/permissions';
import { acceptBody } from '../http/bodyParsers';
import { methodNotAllowed } from '../http/errors';
import { checkListQuery, noQuery, normaliseIdFilters } from '../http/query';
import { removeDependents } from '../store/cascade';
import type { JsonServerBridge } from '../store/jsonServerBridge';
import type { Row } from '../store/types';
import { listCache, type ListAnswer } from './listCache';

/** An operation `permit` checks on the account the request acts on, or a ready guard for another account (the accounts' own rights). */
type Permission = Operation | PermissionGuard;

const guardOf = (permission: Permission): RequestHandler => (typeof permission === 'string' ? permit(permission) : permission);

/**
 * A plain collection of the API (docs/api.md "Collections"): json-server serves it, behind
 * one chain that every collection shares:
 *
 *   session → permission (`permit`, the one matrix) → account scoping → zod validation →
 *   the collection's business rules → json-server → what goes with the write
 *
 * Adding a collection is one definition (this interface) plus its rules. `C` is what
 * validation makes of a create body, `U` of an update body.
 */
export interface CollectionDefinition<R extends Row, C, U> {
  /** The store collection json-server reads and writes. */
  name: string;
  /** The URL, e.g. `/consent-solutions`. */
  path: string;
  /** `list` is `read` unless given; without `write` nothing is created or updated, without `delete` DELETE answers 405. */
  operations: { list?: Permission; read: Permission; write?: Operation; delete?: Operation };
  /**
   * A row the caller may see (its account's; the gallery's templates too), or this collection's
   * 404 (another account's row answers like a missing one). Without it the collection is a list
   * only (the audit log): no item routes.
   */
  own?: (caller: Session, idParam: string | undefined) => R;
  /**
   * Exact-match filters and sort keys of the list; what `q` searches (nothing when absent).
   * `scope`: the filters that keep the list to the caller's rows (`accountId`, the acting
   * account's, by default); a nested list (`/consent-solutions/:id/publications`) is its parent's
   * rows, and `scope` throws the parent's 404, checked before `permit` as an item's owner is.
   * `visible`: the rows a caller's list holds when a filter cannot say it (the gallery's templates
   * beside the account's own, the accounts a role reads); the list is then those rows, picked
   * here. `order`: the sort keys the client's own override. `answer`: a list row, when not the
   * item's answer.
   */
  list: {
    fields: ReadonlySet<string>;
    matches?: (row: R, needle: string, caller: Session) => boolean;
    scope?: (caller: Session, params: Request['params']) => Record<string, string>;
    visible?: (row: R, caller: Session) => boolean;
    order?: { _sort: string; _order: 'asc' | 'desc' };
    answer?: (row: R, caller: Session) => unknown;
  };
  /** What the API answers of a row, lists included (teammates: never the password hash); the row itself by default. */
  answer?: (row: R, caller: Session) => unknown;
  /**
   * zod validation with the shared schemas (400). A create may be async (an invitation hashes a
   * password): the rules and the write then run together once it is done. An update is checked
   * against the stored row: PUT is PATCH. Without `create` (validation and rule) POST answers
   * 405, without `update` PUT and PATCH do. The caller is given for rights that depend on the
   * row or the body (the gallery's templates), which are checked before the body as `permit` is.
   */
  validate: {
    create?: (body: Record<string, unknown>, caller: Session) => C | Promise<C>;
    update?: (row: R, body: Record<string, unknown>, caller: Session) => U;
  };
  /**
   * Business rules (throw ApiError to refuse); create and update return what json-server writes.
   * `read` runs before an item is read (an account's renewals are settled lazily).
   */
  rules: {
    read?: (row: R, caller: Session) => void;
    create?: (input: C, caller: Session) => Omit<R, 'id'>;
    update?: (row: R, input: U, caller: Session) => Partial<Omit<R, 'id' | 'accountId'>>;
    delete?: (row: R, caller: Session) => void;
  };
  /**
   * What goes with a write, in the tick of json-server's write: rows it derives (a template's
   * version), a mail to send; for a delete, after what the row owns is gone too (the answer
   * waits for a returned promise).
   */
  after?: {
    create?: (row: R, input: C, caller: Session) => void;
    update?: (row: R, caller: Session) => void;
    delete?: (row: R) => void | Promise<void>;
  };
}

const sendList = (res: Response, answer: ListAnswer): void => {
  res.setHeader('X-Total-Count', answer.total);
  res.type('application/json').send(answer.json);
};

const fieldsOf = (row: Row): Record<string, unknown> => row as unknown as Record<string, unknown>;

/**
 * The list query json-server runs: the caller's scope injected as filters (so filters, paging
 * and X-Total-Count see only its rows). When `q` searches (json-server's own `q` searches every
 * field, aliases and ids too) or the list shows more than a filter can say, the collection
 * picks the rows itself and json-server lists those (the returned rows).
 */
const scopeQuery = <R extends Row>(
  req: Request,
  rows: readonly R[],
  caller: Session,
  list: CollectionDefinition<R, unknown, unknown>['list'],
): readonly R[] | undefined => {
  const needle = typeof req.query.q === 'string' ? req.query.q.toLowerCase() : '';
  delete req.query.q;
  const { visible, order } = list;
  const scope = visible ? {} : (list.scope?.(caller, req.params) ?? { accountId: String(caller.accountId) });
  Object.assign(req.query, scope);
  if (order) req.query = { ...order, ...req.query };
  // A page as the slice it is: json-server's `_page` adds a Link header the contract does not
  // have and scans every row for a field named `_page`.
  if (typeof req.query._page === 'string') {
    const page = Math.max(Number(req.query._page), 1);
    const limit = typeof req.query._limit === 'string' ? Number(req.query._limit) : 10;
    delete req.query._page;
    delete req.query._limit;
    req.query._start = String((page - 1) * limit);
    req.query._end = String(page * limit);
  }
  if (needle === '' && !visible) return undefined;
  const inScope = (row: R): boolean => Object.entries(scope).every(([key, value]) => String(fieldsOf(row)[key]) === value);
  const shown = visible ? (row: R) => visible(row, caller) : inScope;
  return rows.filter((row) => shown(row) && (needle === '' || (list.matches?.(row, needle, caller) ?? false)));
};

export const collectionRoutes = <R extends Row, C, U>(ctx: ServerContext, bridge: JsonServerBridge, definition: CollectionDefinition<R, C, U>): Router => {
  const { name, path, operations, own, list, validate, rules, after } = definition;
  const answer = definition.answer ?? ((row: R): unknown => row);
  const listAnswer = list.answer ?? answer;
  const { create: validateCreate, update: validateUpdate } = validate;
  const { create: createRule, update: updateRule } = rules;
  for (const [operation, validation, rule] of [
    ['create', validateCreate, createRule],
    ['update', validateUpdate, updateRule],
  ] as const) {
    if ((validation === undefined) !== (rule === undefined)) throw new Error(`Collection ${name}: a ${operation} needs both its validation and its rule`);
    if (validation !== undefined && operations.write === undefined) throw new Error(`Collection ${name}: a ${operation} needs the write operation`);
  }
  if (!own && (validateUpdate !== undefined || operations.delete !== undefined)) throw new Error(`Collection ${name}: an update or delete needs \`own\``);
  const router = Router();
  const session = requireSession(ctx.store, ctx.now);
  const body = acceptBody({ json: true });
  const cache = listCache(ctx.store);
  const item = `${path}/:id`;
  bridge.addCollection(name);

  const { scope } = list;
  // A nested list's parent (its 404) before the role, as an item's owner.
  const parentOwned: RequestHandler = (req, _res, next) => {
    scope?.(getSession(req), req.params);
    next();
  };

  router.get(path, session, parentOwned, guardOf(operations.list ?? operations.read), (req, res, next) => {
    checkListQuery(req.query, list.fields);
    normaliseIdFilters(req.query);
    const caller = getSession(req);
    // The user names the rights and the home account a list may depend on, the account the acting one.
    const key = `${name}:${caller.userId}:${caller.accountId}\u0000${req.originalUrl}`;
    const cached = cache.get(key);
    if (cached) {
      sendList(res, cached);
      return;
    }
    const generation = ctx.store.generation();
    const picked = scopeQuery(req, ctx.store.rows<R>(name), caller, list);
    bridge.serve(req, res, next, { collection: name, rows: picked }, (data, res) => {
      const page = data as R[];
      const listed = { total: Number(res.getHeader('X-Total-Count') ?? page.length), json: JSON.stringify(page.map((row) => listAnswer(row, caller))) };
      cache.set(key, generation, listed);
      sendList(res, listed);
    });
  });

  if (validateCreate && createRule && operations.write) {
    router.post(path, session, noQuery, permit(operations.write), body, async (req, res, next) => {
      try {
        const caller = getSession(req);
        const input = await validateCreate(req.body as Record<string, unknown>, caller);
        // From here to json-server's write, one tick: the rules' checks still hold when it writes.
        const row = createRule(input, caller);
        const written = (data: unknown): void => {
          after?.create?.(data as R, input, caller);
          ctx.store.write();
        };
        bridge.serve(req, res, next, { collection: name, body: row, written }, (data, res) => {
          res
            .status(201)
            .location(`${path}/${(data as R).id}`)
            .json(answer(data as R, caller));
        });
      } catch (error) {
        next(error);
      }
    });
  }

  router.all(path, session, methodNotAllowed);

  if (!own) return router;
  const ownRow = owned(own);

  router.get(item, session, noQuery, ownRow, guardOf(operations.read), (req, res, next) => {
    const caller = getSession(req);
    const row = own(caller, req.params.id);
    rules.read?.(row, caller);
    bridge.serve(req, res, next, { collection: name, id: row.id }, (data, res) => {
      res.json(answer(data as R, caller));
    });
  });

  if (validateUpdate && updateRule && operations.write) {
    // PUT is PATCH: react-admin's json-server provider updates with PUT (its updateMany too, with
    // only the changed fields), so absent keys keep their stored value.
    const update: RequestHandler = (req, res, next) => {
      const caller = getSession(req);
      const row = own(caller, req.params.id);
      const changes = updateRule(row, validateUpdate(row, req.body as Record<string, unknown>, caller), caller);
      const written = (data: unknown): void => {
        after?.update?.(data as R, caller);
        ctx.store.write();
      };
      bridge.serve(req, res, next, { collection: name, id: row.id, method: 'PATCH', body: changes, written }, (data, res) => {
        res.json(answer(data as R, caller));
      });
    };
    router.patch(item, session, noQuery, ownRow, permit(operations.write), body, update);
    router.put(item, session, noQuery, ownRow, permit(operations.write), body, update);
  }

  if (operations.delete) {
    router.delete(item, session, noQuery, ownRow, permit(operations.delete), (req, res, next) => {
      const caller = getSession(req);
      const row = own(caller, req.params.id);
      rules.delete?.(row, caller);
      // Settled into a value at once: the answer, a tick later, rethrows a failure (no unhandled rejection meanwhile).
      let finishing: Promise<{ failure?: unknown }> = Promise.resolve({});
      const written = (): void => {
        // SEC-2: what the row owns goes with it, in the same write (json-server's sweep is off).
        removeDependents(ctx.store, name, [row.id]);
        finishing = Promise.resolve(after?.delete?.(row)).then(
          () => ({}),
          (failure: unknown) => ({ failure }),
        );
        ctx.store.write();
      };
      bridge.serve(req, res, next, { collection: name, id: row.id, written }, async (_data, res) => {
        const { failure } = await finishing;
        if (failure !== undefined) throw failure;
        res.status(204).end();
      });
    });
  }

  router.all(item, session, methodNotAllowed);

  return router;
};
