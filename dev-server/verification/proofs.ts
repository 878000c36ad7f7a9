import { promises as dns } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { VERIFICATION_FILE_PATH, verificationRecordName, type VerificationMethod } from '../../src/shared/domainVerification';
import { forbiddenAddress } from '../scanner/addressGuard';

/**
 * DEPLOY-4: the two proofs of control of a domain, each holding the claim's token: a TXT record
 * `_consent-verification.<domain>`, or the file `https://<domain>/.well-known/consent-verification.txt`.
 * DNS goes through an injectable resolver (tests use a fake one). The file is fetched under the
 * scanner's SSRF rules: every address the name resolves to must be public, the connection goes
 * to the address that was checked (no second lookup a rebinding DNS could answer differently),
 * redirects only within the domain and each re-checked, a short timeout, at most 1 kB read.
 */

export interface Resolver {
  resolveTxt: (name: string) => Promise<string[][]>;
  lookup: (host: string) => Promise<{ address: string; family: number }[]>;
}

export const systemResolver: Resolver = {
  resolveTxt: (name) => dns.resolveTxt(name),
  lookup: (host) => dns.lookup(host, { all: true, verbatim: true }),
};

export interface ProofOptions {
  resolver?: Resolver;
  /**
   * Tests only: where the file is read instead of `https://{domain}` (e.g. `http://{domain}:8123`),
   * and the one loopback port that may be reached there. Nothing else ever reaches loopback.
   */
  testOnly?: { fileBaseUrl: string; loopbackPort: number };
  timeoutMs?: number;
}

/** Message keys of what a check did not find. */
export type ProofProblem =
  | 'error.backend.verification_dns_missing'
  | 'error.backend.verification_dns_failed'
  | 'error.backend.verification_file_missing'
  | 'error.backend.verification_file_mismatch'
  | 'error.backend.verification_file_unreachable'
  | 'error.backend.verification_file_private_address';

export type ProofOutcome = { method: VerificationMethod } | { problems: ProofProblem[] };

const MAX_REDIRECTS = 3;
const MAX_BYTES = 1024;

const dnsProof = async (domain: string, token: string, resolver: Resolver): Promise<ProofProblem | null> => {
  try {
    const records = await resolver.resolveTxt(verificationRecordName(domain));
    // A TXT record may come in several strings of up to 255 characters: they form one value.
    return records.some((chunks) => chunks.join('').trim() === token) ? null : 'error.backend.verification_dns_missing';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOTFOUND' || code === 'ENODATA' ? 'error.backend.verification_dns_missing' : 'error.backend.verification_dns_failed';
  }
};

type Fetched = { status: number; location: string | undefined; body: string } | { problem: ProofProblem };

/** One GET to `url`, connecting to `address` only. */
const fetchAt = (url: URL, address: string, family: number, timeoutMs: number): Promise<Fetched> =>
  new Promise((resolve) => {
    // The name is resolved and checked already: the socket goes to that address, whatever DNS says now.
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      { method: 'GET', lookup: pinned, agent: false, timeout: timeoutMs, headers: { accept: 'text/plain', 'user-agent': 'consent-admin-domain-verification' } },
      (res: IncomingMessage) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_BYTES) res.destroy();
        });
        const done = (): void => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: body.slice(0, MAX_BYTES) });
        res.on('end', done);
        res.on('close', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ problem: 'error.backend.verification_file_unreachable' }));
    req.end();
  });

const fileProof = async (domain: string, token: string, options: ProofOptions, resolver: Resolver): Promise<ProofProblem | null> => {
  const base = options.testOnly?.fileBaseUrl.replaceAll('{domain}', domain) ?? `https://${domain}`;
  let url = new URL(`${base}${VERIFICATION_FILE_PATH}`);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    let addresses: { address: string; family: number }[];
    try {
      addresses = await resolver.lookup(url.hostname);
    } catch {
      return 'error.backend.verification_file_unreachable';
    }
    const allowed = (address: string): boolean =>
      forbiddenAddress(address) === null || (options.testOnly !== undefined && address === '127.0.0.1' && Number(url.port) === options.testOnly.loopbackPort);
    // One forbidden address is enough to refuse: which one a client would reach is not ours to pick.
    if (addresses.length === 0 || !addresses.every((entry) => allowed(entry.address))) return 'error.backend.verification_file_private_address';
    const [first] = addresses as [{ address: string; family: number }];
    const answer = await fetchAt(url, first.address, first.family, options.timeoutMs ?? 5_000);
    if ('problem' in answer) return answer.problem;
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      const next = new URL(answer.location, url);
      // Within the domain only (`example.com` → `www.example.com`), and never down to plain http.
      const inDomain = next.hostname === domain || next.hostname.endsWith(`.${domain}`);
      if (!inDomain || next.protocol !== url.protocol) return 'error.backend.verification_file_missing';
      url = next;
      continue;
    }
    if (answer.status !== 200) return 'error.backend.verification_file_missing';
    return answer.body.trim() === token ? null : 'error.backend.verification_file_mismatch';
  }
  return 'error.backend.verification_file_missing';
};

/** Checks both proofs; either one verifies. */
export const proveControl = async (domain: string, token: string, options: ProofOptions = {}): Promise<ProofOutcome> => {
  const resolver = options.resolver ?? systemResolver;
  const [dnsProblem, fileProblem] = await Promise.all([dnsProof(domain, token, resolver), fileProof(domain, token, options, resolver)]);
  if (dnsProblem === null) return { method: 'dns' };
  if (fileProblem === null) return { method: 'file' };
  return { problems: [dnsProblem, fileProblem] };
};
