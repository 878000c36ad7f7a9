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

/**
 * SEC-4: the dev routes (outbox with password links, the movable clock) answer only to a
 * client on this machine: the connection must come from a loopback address and must not have
 * passed through a proxy (which would make every visitor look local). Anyone else gets the
 * 404 of a route that does not exist.
 */
export const loopbackOnly: RequestHandler = (req, _res, next) => {
  const proxied = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
  if (proxied || !isLoopbackAddress(req.socket.remoteAddress)) return next(notFound());
  next();
};
