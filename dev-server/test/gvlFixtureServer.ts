import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { VendorList } from '../../src/schemas/tcf';

/**
 * Tests only: a local stand-in for the IAB's GVL host (this machine has no internet). It serves
 * whatever the test sets for each file name, or an HTTP status, or a body that is not JSON.
 */
export type FixtureAnswer = { json: unknown } | { status: number } | { raw: string };

export interface GvlFixtureServer {
  url: string;
  set: (file: string, answer: FixtureAnswer) => void;
  close: () => Promise<void>;
}

export const shippedVendorList = (): VendorList =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../tcf/gvl/vendor-list.json', import.meta.url)), 'utf8')) as VendorList;
export const shippedTranslation = (lang: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../tcf/gvl/purposes-${lang}.json`, import.meta.url)), 'utf8'));

export const startGvlFixtureServer = async (): Promise<GvlFixtureServer> => {
  const answers = new Map<string, FixtureAnswer>();
  const server: Server = createServer((req, res) => {
    const answer = answers.get((req.url ?? '/').replace(/^\/+/, ''));
    if (!answer) res.writeHead(404).end();
    else if ('status' in answer) res.writeHead(answer.status).end();
    else if ('raw' in answer) res.writeHead(200, { 'content-type': 'application/json' }).end(answer.raw);
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3/`,
    set: (file, answer) => answers.set(`v3/${file}`, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
