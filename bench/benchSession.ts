import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { Browser, Cookie } from 'playwright-core';
import { DEMO_PASSWORD } from '../dev-server/seed';

/** A port nothing listens on now, on loopback. */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

/** Demo Shop's owner logged in once through the app's form: the session cookies of every logged-in load. */
export const ownerSession = async (browser: Browser, appUrl: string): Promise<Cookie[]> => {
  const context = await browser.newContext({ baseURL: appUrl });
  try {
    const page = await context.newPage();
    await page.goto('/login/');
    await page.getByLabel('Email', { exact: true }).fill('owner@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return await context.cookies();
  } finally {
    await context.close();
  }
};
