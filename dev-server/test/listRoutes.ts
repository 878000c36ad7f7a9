import type { Express } from 'express';

/** One route of the express app: method (lower case, `all` for router.all) and path pattern. */
export interface RouteInfo {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  name?: string;
  handle?: { stack?: Layer[] };
}

/**
 * Every route registered on the app, read from express 4's router stack (routers mounted with
 * `app.use(router)` at the root, as createServer does). The permission-matrix test walks it,
 * so a route added without a matrix entry fails that test.
 */
export const listRoutes = (app: Express): RouteInfo[] => {
  const found: RouteInfo[] = [];
  const walk = (stack: Layer[]): void => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods)) {
          for (const path of paths) found.push({ method: method === '_all' ? 'all' : method, path });
        }
      } else if (layer.name === 'router' && layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  // `_router` is express 4's internal root router: there is no public way to list routes.
  const root = (app as unknown as { _router?: { stack: Layer[] } })._router;
  walk(root?.stack ?? []);
  return found;
};
