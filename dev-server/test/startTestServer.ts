import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verificationRecordName } from '../../src/shared/domainVerification';
import { createServer, type CreateServerOptions, type DevServer } from '../createServer';
import type { Call } from './consentApi';
import { TEST_DEV_SECRET } from './devSecret';
import { fakeDns, type FakeDns } from './fakeDns';
import { seedDbFile } from '../seed';
import type { Store } from '../store/store';
import type { Row } from '../store/types';

export const TEST_APP_ORIGIN = 'http://127.0.0.1:5173';
// Kept apart so that a browser test's helpers (./http) reach them without loading the server.
export { devHeaders, TEST_DEV_SECRET } from './devSecret';
/** Minimum allowed cost; the seed hash is computed once per process. */
export const TEST_BCRYPT_COST = 10;
/**
 * BEYOND-4 / SCAN-6: test servers never crawl the network. No host name resolves (the scanner's
 * resolver rules replace DNS, so no query leaves the machine) and the start page is on a closed
 * port: scans fail fast. A test with a fixture site names its resolver rules and the loopback
 * ports that stand for the internet (its site's; the API's own port, the banner's CDN, is added
 * once the API listens). No scheduler.
 */
const TEST_SCANNER = {
  baseUrl: 'http://{domain}:65534/',
  hostResolverRules: '',
  schedule: false,
  maxPages: 3,
  timeLimitMs: 120_000,
  settings: { pageTimeoutMs: 30_000, quietMs: 50, settleCapMs: 500, staleMs: 3_000, pagesAtOnce: 4, perHostLimit: 4 },
} as const;

export interface TestServer {
  baseUrl: string;
  dbFile: string;
  outboxFile: string;
  store: DevServer['store'];
  context: DevServer['context'];
  scanner: DevServer['scanner'];
  retention: DevServer['retention'];
  /** DEPLOY-4: the DNS the server's domain checks read (TXT records the test sets). */
  dns: FakeDns;
  /** Stops listening; removes the temp files unless the caller passed its own dbFile. */
  close: () => Promise<void>;
}

/**
 * A seeded dev API on 127.0.0.1, on a random port unless `port` is given, with its own temp DB (for API and browser tests).
 * A given `dbFile` that already exists is reused as-is (restart tests); otherwise it is seeded.
 */
export const startTestServer = async (overrides: Partial<CreateServerOptions> = {}, { port: listenPort = 0 }: { port?: number } = {}): Promise<TestServer> => {
  const ownsFiles = overrides.dbFile === undefined;
  const dir = ownsFiles ? mkdtempSync(join(tmpdir(), 'dev-api-test-')) : undefined;
  const dbFile = overrides.dbFile ?? join(dir ?? '', 'db.json');
  const outboxFile = overrides.outboxFile ?? `${dbFile.replace(/\.json$/, '')}.outbox.json`;
  if (!existsSync(dbFile)) await seedDbFile(dbFile, { bcryptCost: TEST_BCRYPT_COST, outboxFile });

  const allowLoopbackPorts = overrides.scanner?.allowLoopbackPorts ? [...overrides.scanner.allowLoopbackPorts] : [];
  const dns = fakeDns();
  const server = createServer({
    corsOrigins: [TEST_APP_ORIGIN],
    appUrl: TEST_APP_ORIGIN,
    devMode: true,
    devSecret: TEST_DEV_SECRET,
    bcryptCost: TEST_BCRYPT_COST,
    ...overrides,
    scanner: { ...TEST_SCANNER, ...overrides.scanner, settings: { ...TEST_SCANNER.settings, ...overrides.scanner?.settings }, allowLoopbackPorts },
    // DEPLOY-4: never the real DNS, nor the real domains' files.
    domainVerification: { resolver: dns, ...overrides.domainVerification },
    dbFile,
    outboxFile,
  });
  const http = server.app.listen(listenPort, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => {
      http.once('listening', resolve);
      http.once('error', reject);
    });
  } catch (error) {
    // A port given by the caller may have been taken meanwhile: leave nothing running.
    await server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const { port } = http.address() as AddressInfo;
  // The workers read it when they start (on the first scan): the fixture pages load their banner from this API.
  if (allowLoopbackPorts.length > 0) allowLoopbackPorts.push(port);

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dbFile,
    outboxFile,
    store: server.store,
    context: server.context,
    scanner: server.scanner,
    retention: server.retention,
    dns,
    close: async () => {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        // fetch keeps connections alive; without this close() waits for their timeout.
        http.closeAllConnections();
      });
      await server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** A row put straight into the store (a fixture the API has no route for), with the collection's next id. */
export const insertRow = <T extends Row>(store: Store, name: string, row: Omit<T, 'id'>): T => {
  const inserted = { ...row, id: store.nextId(name) } as T;
  store.rows<T>(name).push(inserted);
  store.write();
  return inserted;
};

/**
 * DEPLOY-4: proves control of a domain through the real route, by the TXT record (the test's DNS).
 * `who` is a session cookie or a test's caller (consentApi.ts).
 */
export const proveDomain = async (server: TestServer, who: string | Call, domainId: number): Promise<void> => {
  const call: Call =
    typeof who === 'string'
      ? async <T>(method: string, path: string) => {
          const res = await fetch(`${server.baseUrl}${path}`, { method, headers: { cookie: who } });
          const text = await res.text();
          return { status: res.status, total: null, body: (text === '' ? null : JSON.parse(text)) as T };
        }
      : who;
  const read = await call<{ canonicalDomain: string; verification: { token: string } }>('GET', `/domains/${domainId}`);
  const { canonicalDomain, verification } = read.body;
  server.dns.txt.set(verificationRecordName(canonicalDomain), [verification.token]);
  const verified = await call('POST', `/domains/${domainId}/verify`);
  if (verified.status !== 200) throw new Error(`verify ${canonicalDomain}: ${verified.status} ${JSON.stringify(verified.body)}`);
};
