import type { NextFunction, Request, Response } from 'express';
import jsonServer, { type JsonServerRouter } from 'json-server';
import { notFound, sendViolations, violation } from '../http/errors';
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

const collectionNameOf = (store: Store, rows: unknown[]): string => {
  const entry = Object.entries(store.state()).find(([, value]) => value === rows);
  if (!entry) throw new Error('json-server inserted into an unknown collection');
  return entry[0];
};

const buildRouter = (store: Store): JsonServerRouter => {
  const router = jsonServer.router(store.db, { foreignKeySuffix: NO_FOREIGN_KEYS });
  // Building the router mixes json-server's `createId` (max + 1) into lowdb's lodash; ours
  // replaces it so a POST through the router takes the collection's persisted sequence (SEC-1).
  store.db._.mixin({ createId: (rows: unknown[]) => store.nextId(collectionNameOf(store, rows)) });
  router.stack = router.stack.filter(
    (layer) =>
      !UNSAFE_LAYERS.has(layer.name) &&
      layer.route?.path !== '/db' && // GET /db dumps the whole database
      layer.handle.length !== 4, // its error handler answers 500 with the stack trace
  );
  // Plain JSON only: res.jsonp would honour ?callback= (JSONP lets any site read the answer).
  router.render = (_req, res) => {
    const data: unknown = res.locals.data;
    if (res.statusCode === 404) {
      sendViolations(res, 404, [violation('error.backend.not_found')]);
      return;
    }
    // json-server sets the total only when the list is sliced; the contract wants it always.
    if (Array.isArray(data) && res.getHeader('X-Total-Count') === undefined) res.setHeader('X-Total-Count', data.length);
    res.json(data);
  };
  return router;
};

/**
 * Hands an already guarded and validated request to json-server's router. json-server only
 * creates routes for collections present when the router is built, so the router is rebuilt
 * whenever a collection is added.
 */
export class JsonServerBridge {
  private router: JsonServerRouter;

  constructor(private readonly store: Store) {
    this.router = buildRouter(store);
  }

  addCollection(name: string): void {
    this.store.ensureCollection(name);
    this.router = buildRouter(this.store);
  }

  dispatch(req: Request, res: Response, next: NextFunction): void {
    this.router(req, res, (err?: unknown) => next(err ?? notFound()));
  }
}
