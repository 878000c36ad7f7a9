import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkHost, defaultPort, type AddressPolicy } from './addressGuard';
import type { Refusal } from './guardProxy';

/**
 * SCAN-3 / SCAN-6: the crawler's own requests (robots.txt, sitemaps), under the browser's rule:
 * each hop's host is resolved and checked, and the checked address is the one connected to.
 */

export interface FetchedText {
  url: string;
  status: number;
  body: string;
}

export interface GuardedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  onRefused: (refusal: Refusal) => void;
}

const MAX_REDIRECTS = 5;

const once = (url: URL, address: string, family: 4 | 6, options: GuardedFetchOptions): Promise<{ status: number; location?: string; body: string }> =>
  new Promise((resolve, reject) => {
    const port = url.port === '' ? defaultPort(url.protocol) : Number(url.port);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      {
        host: address,
        family,
        port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        servername: url.hostname,
        headers: { host: url.host, 'user-agent': options.userAgent, accept: 'text/plain, application/xml, text/xml, */*' },
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            req.destroy(new Error(`larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });

/** The text at `url` (following redirects), or null when it cannot be had or was refused. */
export const guardedFetchText = async (policy: AddressPolicy, url: string, options: GuardedFetchOptions): Promise<FetchedText | null> => {
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') return null;
    const port = current.port === '' ? defaultPort(current.protocol) : Number(current.port);
    const verdict = await checkHost(policy, current.hostname, port);
    if (!verdict.ok) {
      if (verdict.reason !== 'unresolved') options.onRefused({ url: current.href, reason: verdict.reason, address: verdict.address, detail: verdict.detail });
      return null;
    }
    let answer;
    try {
      answer = await once(current, verdict.address, verdict.family, options);
    } catch {
      return null;
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      current = new URL(answer.location, current);
      continue;
    }
    return { url: current.href, status: answer.status, body: answer.body };
  }
  return null;
};
