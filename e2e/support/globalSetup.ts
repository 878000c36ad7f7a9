import { rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, requireChromium } from '../../dev-server/scanner/chromium';
import { startTestServer, TEST_DEV_SECRET } from '../../dev-server/test/startTestServer';
import { startAppServer } from '../../scripts/app/appServer';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    appUrl: string;
    /** A second origin the API accepts, for a test file's own build (e2e/integrations.test.ts). */
    integrationsAppUrl: string;
    /** BEYOND-4: the port e2e/scanner.test.ts serves its fixture site on (the API's scanner crawls it). */
    scanSitePort: number;
    /** DEPLOY-3: the e2e API's dev-route secret (X-Dev-Secret), for the tests that read the outbox or move the clock. */
    devSecret: string;
    /** The run's Chromium, which test files connect to (e2e/support/browser.ts) instead of each launching its own. */
    browserEndpoint: string;
  }
}

/** STD-4: the header the e2e API trusts for the visitor's country. */
export const E2E_COUNTRY_HEADER = 'X-Cdn-Country';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * `npm test` builds the app once, for its JS budgets, with the API's URL on a port it reserved
 * (scripts/test.mjs): that build is served here when the API gets that port.
 */
const prebuilt = (): { dir: string; apiPort: number } | undefined => {
  const dir = process.env.E2E_APP_DIST;
  const apiPort = Number(process.env.E2E_API_PORT);
  return dir && Number.isInteger(apiPort) && apiPort > 0 ? { dir, apiPort } : undefined;
};

/**
 * Browser tests run the production build against the real dev API: build once with the
 * API's URL baked in (as a deployment would), then serve it with `npm start`'s server (its
 * precompressed files aside: compressing costs a minute here, and the server's own test proves them).
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  // The API's CORS allowlist is fixed at start, so the integrations test's second build (vendor
  // ids configured) gets its port reserved here and listed beside the main preview's origin.
  const integrationsAppUrl = `http://127.0.0.1:${await freePort()}`;

  // The scanner crawls every host name on 127.0.0.1, at the port e2e/scanner.test.ts serves its fixture site on.
  const scanSitePort = await freePort();
  const apiOptions = {
    corsOrigins: [appUrl, integrationsAppUrl],
    appUrl,
    loginThrottle: { perPair: 50, perAccount: 500, perAddress: 500 },
    scanner: { baseUrl: `http://{domain}:${scanSitePort}/`, maxPages: 4, hostResolverRules: 'MAP * 127.0.0.1', allowLoopbackPorts: [scanSitePort] },
    // DEPLOY-4: the fixture site publishes the proof of control the scanned domains need.
    domainVerification: { testOnly: { fileBaseUrl: `http://{domain}:${scanSitePort}`, loopbackPort: scanSitePort } },
    // STD-4: the trusted CDN's country header (e2e/standards.test.ts plays the CDN, from this machine: DEPLOY-2).
    countryHeader: E2E_COUNTRY_HEADER,
    trustedProxies: ['loopback'],
  };
  const given = prebuilt();
  // The reserved port can have been taken since: then a random one, and a build of our own.
  const onGivenPort = given && (await startTestServer(apiOptions, { port: given.apiPort }).catch(() => undefined));
  const api = onGivenPort || (await startTestServer(apiOptions));
  // Open the consent log now, as `npm start` does, not in the first request that reads consent
  // records: creating and seeding the embedded PostgreSQL took up to 30 s on a loaded machine,
  // inside whichever browser test happened to ask first.
  await api.context.consentLog.ready();

  // Otherwise one folder per run, so two runs at once (or a run beside a build) never share files.
  const outDir = onGivenPort ? path.resolve(root, given.dir) : path.join(root, `node_modules/.e2e-dist/${process.pid}`);
  if (!onGivenPort) {
    process.env.VITE_API_URL = api.baseUrl;
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  }
  const server = await startAppServer(outDir, '127.0.0.1', appPort);
  // One Chromium for the run: a launch and its shutdown cost 3-5 s a test file on a loaded machine.
  // Each file still gets contexts (cookies, storage, cache) of its own.
  const browserServer = await chromium.launchServer({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS] });

  project.provide('apiUrl', api.baseUrl);
  project.provide('appUrl', appUrl);
  project.provide('integrationsAppUrl', integrationsAppUrl);
  project.provide('scanSitePort', scanSitePort);
  project.provide('devSecret', TEST_DEV_SECRET);
  project.provide('browserEndpoint', browserServer.wsEndpoint());

  return async () => {
    await browserServer.close();
    await server.close();
    await api.close();
    if (!onGivenPort) rmSync(outDir, { recursive: true, force: true });
  };
}
