import type { NextFunction, Request, Response } from 'express';
import jsonServer, { type JsonServerRouter } from 'json-server';
import { sendViolations, violation } from '../http/errors';
import { compareByKeys } from '../http/query';
import type { Store } from './store';

/** Router layers of json-server 0.17 that are unsafe behind cookie auth; removed after creation. */
const UNSAFE_LAYERS = new Set([
  'methodOverride', // X-HTTP-Method-Override: a POST would run as DELETE after our guards ran
  'jsonParser', // its own 10 MB parser; ours runs earlier with our limits and checks
  'urlencodedParser',
]);

/**
 * json-server's DELETE sweeps the WHOLE database afterwards and removes every row of any
 * collection whose `<name>Id` field points at no row (a `null` accountId included), so one
 * delete could erase unrelated data. Its foreign-key suffix drives that sweep; a suffix no
 * field ends with turns it off. (Its other uses, nested routes and _embed/_expand, are
 * blocked before the router anyway.) Cascades the business needs are written explicitly.
 */
const NO_FOREIGN_KEYS = '\u0000no-cascade';

/** What json-server answered: the caller sends it (status, headers and body are its to set). */
type Answer = (data: unknown, res: Response) => void | Promise<void>;

/** What json-server is asked to do: the method and body default to the request's own. */
interface JsonServerCall {
  collection: string;
  id?: number;
  method?: string;
  body?: unknown;
  /**
   * Runs the moment json-server has its result, in the tick of its write (it answers one tick
   * later): what must land with the write (derived rows, cascades) goes here.
   */
  written?: (data: unknown) => void;
  /**
   * A list over these rows instead of the whole collection (a list scoped or searched by rows
   * the collection picks): json-server's `id` filter compares every row with every id given,
   * so thousands of ids would cost seconds. The rows are the collection's own, in its order.
   */
  rows?: readonly unknown[];
}

interface Pending {
  answer: Answer;
  next: NextFunction;
  /** Put back before answering: the audit trail records what the client sent. */
  restore: () => void;
  /** CORS's list, which json-server overwrites on lists and creates. */
  exposedHeaders: ReturnType<Response['getHeader']>;
}

const pending = new WeakMap<Request, Pending>();

const collectionNameOf = (store: Store, rows: unknown[]): string => {
  const entry = Object.entries(store.state()).find(([, value]) => value === rows);
  if (!entry) throw new Error('json-server inserted into an unknown collection');
  return entry[0];
};

type Rows = Record<string, unknown>[];

const sortRows = (rows: Rows, keys: string[], orders: string[]): Rows => [...rows].sort(compareByKeys(keys, orders));

const sameRows = (a: Rows, b: Rows): boolean => a.length === b.length && a.every((row, index) => row === b[index]);

/** How many sorted lists the bridge remembers (per sort and set of rows). */
const SORTS_KEPT = 8;

/**
 * `_sort` as the contract says (http/query.ts compareValues) instead of lodash's case-sensitive
 * order. Sorting dominates a list's cost (10,000 rows: ~20 ms, and json-server sorts twice, for
 * X-Total-Count and for the page), so a sort is reused for the same rows in the same order,
 * sort keys and store generation: every page of one list is then a slice.
 */
const sortCache = (store: Store) => {
  let kept: { generation: number; signature: string; input: Rows; output: Rows }[] = [];
  return (rows: Rows, keys: string[], orders: string[]): Rows => {
    const generation = store.generation();
    const signature = `${keys.join(',')}\u0000${orders.join(',')}`;
    kept = kept.filter((entry) => entry.generation === generation);
    const hit = kept.find((entry) => entry.signature === signature && sameRows(entry.input, rows));
    if (hit) return hit.output;
    const output = sortRows(rows, keys, orders);
    kept = [{ generation, signature, input: rows, output }, ...kept].slice(0, SORTS_KEPT);
    return output;
  };
};

const buildRouter = (store: Store): JsonServerRouter => {
  const router = jsonServer.router(store.db, { foreignKeySuffix: NO_FOREIGN_KEYS });
  // Building the router mixes json-server's `createId` (max + 1) into lowdb's lodash; ours
  // replaces it so a POST through the router takes the collection's persisted sequence (SEC-1).
  store.db._.mixin({ createId: (rows: unknown[]) => store.nextId(collectionNameOf(store, rows)), orderBy: sortCache(store) });
  router.stack = router.stack.filter(
    (layer) =>
      !UNSAFE_LAYERS.has(layer.name) &&
      layer.route?.path !== '/db' && // GET /db dumps the whole database
      layer.handle.length !== 4 && // its error handler answers 500 with the stack trace
      // Nested routes (/:resource/:id/:nested) are never asked for, and express leaves a router
      // that matched nothing a tick later: without it, a call runs to json-server's write in the
      // caller's tick, so the rules checked before it still hold.
      !(layer.name === 'router' && layer.regexp?.fast_slash === true),
  );
  // Each collection's router first pauses (`_delay`, 1 ms by default): a timer between the
  // caller's checks and the write, and a millisecond on every call.
  for (const layer of router.stack) {
    if (layer.handle.stack) layer.handle.stack = layer.handle.stack.filter((inner) => inner.name !== 'delay');
  }
  // Plain JSON only (res.jsonp would honour ?callback=), through the caller's Answer.
  router.render = (req, res) => {
    const data: unknown = res.locals.data;
    const request = pending.get(req);
    pending.delete(req);
    request?.restore();
    if (res.statusCode === 404 || !request) {
      sendViolations(res, 404, [violation('error.backend.not_found')]);
      return;
    }
    res.removeHeader('Link');
    if (request.exposedHeaders === undefined) res.removeHeader('Access-Control-Expose-Headers');
    else res.setHeader('Access-Control-Expose-Headers', request.exposedHeaders);
    try {
      void Promise.resolve(request.answer(data, res)).catch(request.next);
    } catch (error) {
      request.next(error);
    }
  };
  return router;
};

/**
 * Hands an already guarded and validated request to json-server's router, which reads or
 * writes the store's lowdb state. json-server only creates routes for collections present
 * when the router is built, so the router is rebuilt whenever a collection is added.
 */
export class JsonServerBridge {
  private router: JsonServerRouter;

  constructor(private readonly store: Store) {
    this.router = buildRouter(store);
  }

  addCollection(name: string): void {
    this.store.rows(name);
    this.router = buildRouter(this.store);
  }

  /**
   * Runs json-server's route for the call (the request's query as the list's), then `answer`
   * with what it produced. Everything from here to json-server's write and `written` runs in
   * this tick, so no other request comes between the caller's checks and the write.
   */
  serve(req: Request, res: Response, next: NextFunction, call: JsonServerCall, answer: Answer): void {
    const { method, body } = req;
    const restore = () => {
      req.method = method;
      req.body = body as unknown;
    };
    pending.set(req, { answer, next, restore, exposedHeaders: res.getHeader('Access-Control-Expose-Headers') });
    req.url = call.id === undefined ? `/${call.collection}` : `/${call.collection}/${call.id}`;
    if (call.method !== undefined) req.method = call.method;
    if (call.body !== undefined) req.body = call.body;
    const { written } = call;
    if (written) {
      // json-server reports its result by assigning res.locals.data, right after its write.
      let data: unknown;
      Object.defineProperty(res.locals, 'data', {
        configurable: true,
        enumerable: true,
        get: () => data,
        set: (value: unknown) => {
          data = value;
          written(value);
        },
      });
    }
    const state = this.store.state();
    const collection = state[call.collection];
    if (call.rows) state[call.collection] = call.rows as typeof collection;
    let unserved = false;
    try {
      this.router(req, res, (err?: unknown) => {
        unserved = true;
        pending.delete(req);
        restore();
        next(err ?? new Error(`json-server has no route for ${call.method ?? method} ${req.url}`));
      });
    } finally {
      // json-server computes a list in this tick (its answer comes a tick later): the view ends here.
      state[call.collection] = collection;
    }
    if (call.rows && !unserved && !('data' in res.locals)) throw new Error(`json-server did not list ${call.collection} in the caller's tick`);
  }
}
