import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScanRow } from '../scanner/types';
import { caller, createBody } from './consentApi';
import { startCrawlSite } from './fixtures/sites/crawlSite';
import { installOurBanner } from './fixtures/sites/siteBanner';
import { proveDomain, startTestServer } from './startTestServer';

/**
 * SCAN-1 / SCAN-2: crawls survive their workers. Workers run as `npm run scanner` processes
 * (dev-server/scanner/cli.ts) against the API's database: a PostgreSQL server, which the test
 * command starts (CONSENT_LOG_TEST_DATABASE_URL, see scripts/test.mjs), and the embedded database
 * through its socket. One is killed with SIGKILL mid-crawl; a new one finishes the crawl from
 * the frontier. The site logs every page load with the consent state it was made in.
 */

const CLI = fileURLToPath(new URL('../scanner/cli.ts', import.meta.url));
const SERVER_URL = process.env.CONSENT_LOG_TEST_DATABASE_URL;
const children: ChildProcess[] = [];

const startWorker = async (env: Record<string, string>): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 120_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('SCANNER READY')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${output}`)));
  });
  child.removeAllListeners('exit');
  return child;
};

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Backend {
  name: string;
  server: () => { databaseUrl?: string; schema?: string; servePort?: number };
  queueSchema?: string;
  workerEnv: (url: string, schema?: string) => Record<string, string>;
  /** Only with the throw-away PostgreSQL server the test command starts. */
  needsServer: boolean;
}

const schema = `scan_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
// Both databases: a PostgreSQL server, and the embedded one served over its socket
// (consent-log/embeddedSocket.mjs), which is how `npm run scanner` joins an `npm start` on one machine.
const backends: Backend[] = [
  {
    name: 'a PostgreSQL server',
    server: () => ({ databaseUrl: SERVER_URL, schema }),
    queueSchema: `${schema}_boss`,
    workerEnv: (url: string) => ({ DATABASE_URL: url, DATABASE_SCHEMA: schema, SCANNER_QUEUE_SCHEMA: `${schema}_boss` }),
    needsServer: true,
  },
  {
    name: 'the embedded database, through its socket',
    server: () => ({ servePort: 0 }),
    workerEnv: (url: string) => ({ DATABASE_URL: url }),
    needsServer: false,
  },
];

describe.each(backends)('a crawl on $name', (backend) => {
  it.skipIf(backend.needsServer && SERVER_URL === undefined)(
    '[SCAN-1][SCAN-2] kill -9 of the worker mid-crawl: a restarted worker resumes from the frontier and finishes; no page is visited twice in one state, nothing is lost',
    async () => {
      const site = await startCrawlSite({ pages: 24, linksPerPage: 3, delayMs: 250 });
      const server = await startTestServer({
        consentLog: backend.server(),
        scanner: {
          workers: 0,
          queueSchema: backend.queueSchema,
          baseUrl: `http://{domain}:${site.port}/`,
          hostResolverRules: 'MAP * 127.0.0.1',
          allowLoopbackPorts: [site.port],
          maxPages: 24,
          sampleSize: 0,
          timeLimitMs: 400_000,
        },
      });
      try {
        const sql = await server.context.consentLog.database();
        const url = sql.url ?? SERVER_URL ?? '';
        const env = {
          ...backend.workerEnv(url),
          SCANNER_TEST_RESOLVER_RULES: 'MAP * 127.0.0.1',
          SCANNER_TEST_LOOPBACK_PORTS: `${site.port},${new URL(server.baseUrl).port}`,
          SCANNER_PAGES_AT_ONCE: '3',
          SCANNER_STALE_MS: '3000',
        };
        const first = await startWorker(env);
        const owner = await caller(server.baseUrl, 'owner@demo.test');
        const domain = `durable-${Date.now().toString(36)}.com`;
        const created = await owner<{ id: number; domains: { id: number }[] }>('POST', '/consent-solutions', createBody(domain));
        const domainId = created.body.domains[0]?.id as number;
        // Our banner on the site: the worker reaches "accept" with it (SCAN-4), and the site tells the states apart by its consent cookie.
        await installOurBanner(site, owner, server.baseUrl, domain, created.body.id);
        // DEPLOY-4: only a domain whose owner proved control is scanned.
        await proveDomain(server, owner, domainId);
        expect((await owner('POST', `/domains/${domainId}/scans`)).status).toBe(202);

        // Mid-crawl: some pages done, most not.
        const until = Date.now() + 200_000;
        let before: ScanRow = (await owner<ScanRow>('GET', `/domains/${domainId}/scans/latest`)).body;
        while ((before.states.before?.visited ?? 0) < 6 && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          before = (await owner<ScanRow>('GET', `/domains/${domainId}/scans/latest`)).body;
        }
        first.kill('SIGKILL');
        await new Promise((resolve) => first.once('exit', resolve));
        const killedAt = Date.now();
        const visitedBeforeKill = await sql.query<{ url: string; state: string }>(
          `SELECT url, state FROM scan_frontier WHERE status = 'visited' AND crawl_id = $1::text::uuid`,
          [before.crawlId],
        );
        expect(visitedBeforeKill.length).toBeGreaterThan(0);
        expect(visitedBeforeKill.length).toBeLessThan(48);

        await startWorker(env);
        await server.scanner.idle(380_000);
        const scan = (await owner<ScanRow>('GET', `/domains/${domainId}/scans/latest`)).body;
        expect(scan.status, scan.failureDetail ?? '').toBe('succeeded');
        expect(scan.partial).toBe(false);
        // Every page in both states, each recorded once.
        expect(scan.states.before).toMatchObject({ planned: 24, visited: 24, failed: 0 });
        expect(scan.states.accept).toMatchObject({ planned: 24, visited: 24, failed: 0 });
        expect(scan.cookies.map((c) => c.name)).toEqual(['page_seen']);
        // A page recorded before the kill is not loaded again in that state afterwards.
        const again = site.requests.filter((r) => r.at > killedAt && r.path !== '/robots.txt' && r.path !== '/sitemap.xml');
        for (const row of visitedBeforeKill) {
          const path = new URL(row.url).pathname;
          // The home page is loaded once more to click the banner when a new worker starts the "accept" state.
          if (path === '/' && row.state === 'before') continue;
          expect(
            again.filter((r) => r.path === path && r.state === row.state),
            `${path} ${row.state}`,
          ).toEqual([]);
        }
      } finally {
        for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await server.close();
        await site.close();
        if (backend.queueSchema) {
          const { openServer } = await import('../consent-log/sql');
          const admin = await openServer(SERVER_URL as string);
          await admin.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${backend.queueSchema} CASCADE`);
          await admin.close();
        }
      }
    },
    600_000,
  );
});
