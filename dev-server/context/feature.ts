import type { Router } from 'express';
import type { Scanner } from '../scanner/scanner';
import type { JsonServerBridge } from '../store/jsonServerBridge';
import type { ProofOptions } from '../verification/proofs';
import type { ServerContext } from './context';

/** What features use beside the context: built once per server by createServer. */
export interface FeatureServices {
  /** json-server's router, which every plain collection serves through (collections/collectionRoutes). */
  bridge: JsonServerBridge;
  /** BEYOND-4: the cookie scanner and its queue. */
  scanner: Scanner;
  /** DEPLOY-4: how a domain's proof of control is read (DNS resolver; tests' fixture site). */
  proofs: ProofOptions;
}

/**
 * A feature of the API, as users name it: its routes, each group mounted at its place in the
 * chain that createServer builds. dev-server/features.ts lists every feature; createServer
 * mounts each group in the order of that list, and within a feature in the order given: the
 * first route that matches answers (an action mounted before its collection answers before
 * the collection's 405).
 */
export interface Feature {
  name: string;
  /** Routes customers' pages call from any origin, with their own CORS: before the app's CORS and same-origin checks. */
  crossOrigin?: (ctx: ServerContext) => Router[];
  /** Public, cookie-less routes (the published banners): after the app's CORS, before the audit trail. */
  public?: (ctx: ServerContext) => Router[];
  /** The app's routes: after the audit trail, which records their successful writes. */
  routes?: (ctx: ServerContext, services: FeatureServices) => Router[];
}
