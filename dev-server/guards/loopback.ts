import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { notFound } from '../http/errors';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (also written out, or IPv4-mapped as `::ffff:127.0.0.1`). */
const isLoopbackAddress = (address: string | undefined): boolean => {
  const family = isIP(address ?? '');
  return family !== 0 && LOOPBACK.check(address ?? '', family === 6 ? 'ipv6' : 'ipv4');
};

/** A host name or address the API may listen on that only this machine reaches. */
export const isLoopbackHost = (host: string): boolean => host.toLowerCase() === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));

/** Headers a reverse proxy adds: a proxied request only looks local (the proxy is). */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

/** DEPLOY-3: the header the dev routes' secret (`DEV_SECRET`) travels in. */
export const DEV_SECRET_HEADER = 'x-dev-secret';

/** Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte. */
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * SEC-4 / DEPLOY-3: the dev routes (outbox with password links, the movable clock) answer only
 * to a client on this machine that knows the run's secret. A loopback address alone is not
 * enough: a reverse proxy on the same host makes every visitor look local, and a plain one adds
 * no forwarding header to give it away. A proxied request (forwarding headers) is refused even
 * with the secret. Anyone else gets the 404 of a route that does not exist. Without a secret
 * (dev mode off) nothing passes.
 */
export const devRoutesOnly = (secret: string | undefined): RequestHandler => {
  const expected = secret === undefined ? undefined : digest(secret);
  return (req, _res, next) => {
    const proxied = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
    const given = req.headers[DEV_SECRET_HEADER];
    const known = expected !== undefined && typeof given === 'string' && timingSafeEqual(digest(given), expected);
    if (!known || proxied || !isLoopbackAddress(req.socket.remoteAddress)) return next(notFound());
    next();
  };
};
