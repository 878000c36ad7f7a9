import type { Request } from 'express';

/**
 * DEPLOY-2: who is believed about the visitor. Express's `trust proxy` setting (the configured
 * TRUSTED_PROXIES) already makes `req.ip` the client behind those proxies and the connection's
 * address otherwise; the CDN's region headers follow the same rule: read only when the
 * connection itself comes from a trusted proxy, never from a visitor who sets them.
 */

type TrustFunction = (address: string, hop: number) => boolean;

export const fromTrustedProxy = (req: Request): boolean => {
  const trust = req.app.get('trust proxy fn') as TrustFunction | undefined;
  const address = req.socket.remoteAddress;
  return address !== undefined && trust !== undefined && trust(address, 0);
};

/** The visitor's address: the connection's, or the one a trusted proxy forwarded. */
export const clientAddress = (req: Request): string | undefined => req.ip ?? req.socket.remoteAddress;
