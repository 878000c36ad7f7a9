// Minimal typings for the two untyped CommonJS libraries the dev API uses as libraries:
// json-server 0.17 (router only) and its lowdb v1 dependency. Only what we call is declared.

declare module 'lowdb' {
  export interface LowdbAdapter {
    read(): unknown;
    write(data: unknown): void;
  }
  export interface LowdbSync {
    getState(): unknown;
    setState(state: unknown): LowdbSync;
    write<T>(returnValue?: T): T;
    read(): LowdbSync;
    /** The lodash instance behind the chain; json-server mixes its helpers into it. */
    _: { mixin(source: Record<string, (...args: never[]) => unknown>): void };
  }
  const low: (adapter: LowdbAdapter) => LowdbSync;
  export default low;
}

declare module 'json-server' {
  import type { Request, Response, Router } from 'express';
  import type { LowdbSync } from 'lowdb';

  export interface RouterLayer {
    name: string;
    handle: { length: number; stack?: RouterLayer[] };
    route?: { path: string };
    regexp?: { fast_slash?: boolean };
  }
  export interface JsonServerRouter extends Router {
    db: LowdbSync;
    render: (req: Request, res: Response) => void;
    stack: RouterLayer[];
  }
  const jsonServer: {
    router(db: LowdbSync, opts?: { foreignKeySuffix?: string }): JsonServerRouter;
  };
  export default jsonServer;
}

declare module 'geoip-country' {
  export interface GeoLookup {
    /** ISO 3166-1 alpha-2 code. */
    country: string;
  }
  const geoip: { lookup(address: string): GeoLookup | null };
  export default geoip;
}
