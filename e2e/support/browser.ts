import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, inject } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../../dev-server/scanner/chromium';
import { postJson, setCookies } from '../../dev-server/test/http';
import { DEMO_PASSWORD } from '../../dev-server/seed/demoData';
import { useConsoleGuard, watchBrowser } from './consoleGuard';

// Debian's Chromium with the flags of stack.md; Playwright gives every launch a fresh profile.

export interface BrowserTest {
  appUrl: string;
  apiUrl: string;
  page: Page;
  context: BrowserContext;
  browser: Browser;
}

/** Debian's Chromium, every context of it watched for console errors and warnings (consoleGuard.ts). */
export const launchChromium = async (extraArgs: string[] = []): Promise<Browser> =>
  watchBrowser(await chromium.launch({ executablePath: requireChromium(), args: [...CHROMIUM_ARGS, ...extraArgs] }));

/** The run's Chromium (e2e/support/globalSetup.ts), launched with the same flags, every context of it watched. */
const connectChromium = async (): Promise<Browser> => watchBrowser(await chromium.connect(inject('browserEndpoint')));

/**
 * The run's Chromium, a fresh context (cookies, storage, cache) per test; a test fails on a
 * console error or warning of any of its pages.
 * Call at the top of a describe block; read the fields inside tests.
 */
export const useBrowser = (): BrowserTest => {
  const state = { appUrl: inject('appUrl'), apiUrl: inject('apiUrl') } as BrowserTest;
  useConsoleGuard(state.apiUrl);

  beforeAll(async () => {
    state.browser = await connectChromium();
  });
  afterAll(async () => {
    // Connected, not launched: closes this file's contexts and leaves the browser to the next file.
    await state.browser?.close();
  });
  let responses: string[] = [];
  beforeEach(async () => {
    state.context = await state.browser.newContext({ baseURL: state.appUrl, locale: 'en-GB' });
    responses = [];
    state.context.on('response', (response) => {
      if (response.url().startsWith(state.apiUrl))
        responses = [...responses.slice(-11), `${response.status()} ${response.request().method()} ${response.url().slice(state.apiUrl.length)}`];
    });
    state.page = await state.context.newPage();
  });
  afterEach(async ({ task }) => {
    if ((task.result?.errors?.length ?? 0) > 0) await reportFailedPage(task.name, state.page, responses);
    await state.context?.close();
  });
  return state;
};

/**
 * What a failed test's page was on and showed, and the API's last answers: a failure seen only in
 * a full run (two busy cores, one API shared by every file) can then be read from the run's output.
 */
const reportFailedPage = async (test: string, page: Page | undefined, responses: string[]): Promise<void> => {
  if (page === undefined || page.isClosed()) return;
  let timer: NodeJS.Timeout | undefined;
  const shown = await Promise.race([
    page.evaluate(() => document.body?.innerText ?? '').catch(() => '(the page could not be read)'),
    new Promise<string>((resolve) => (timer = setTimeout(() => resolve('(the page did not answer within 5 s)'), 5_000))),
  ]);
  clearTimeout(timer);
  console.error(
    `[e2e] "${test}" failed on ${page.url()}\n  the page showed: ${shown.replace(/\s+/g, ' ').slice(0, 800)}\n  the API's last answers: ${responses.join(', ') || 'none'}`,
  );
};

export { DEMO_PASSWORD };

/**
 * A download saved to a file of its own: the run's browser is connected to, not launched, and
 * Playwright keeps no local path of a remote browser's download (`download.path()` throws).
 */
export const savedDownload = async (download: Download): Promise<string> => {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
};

/** Logs in through the real login form. */
export const logIn = async (page: Page, email: string, password = DEMO_PASSWORD): Promise<void> => {
  await page.goto('/login/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
};

/**
 * Signs in through the API (`POST /login_check`, as the login form does) and hands the session
 * cookies to the page's context, then opens `path`, or the home page and waits for the shell.
 * For tests about what comes after logging in: they skip loading the login form, typing into it
 * and landing on the list, which auth.test.ts proves once.
 */
export const signIn = async (page: Page, email: string, path?: string, password = DEMO_PASSWORD): Promise<void> => {
  const apiUrl = inject('apiUrl');
  const res = await postJson(apiUrl, '/login_check', { email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  await page.context().addCookies(
    setCookies(res).map((c) => ({
      name: c.name,
      value: c.value ?? '',
      url: apiUrl,
      httpOnly: c.httpOnly ?? false,
      secure: c.secure ?? false,
      sameSite: c.sameSite === 'lax' ? ('Lax' as const) : c.sameSite === 'none' ? ('None' as const) : ('Strict' as const),
      ...(c.maxAge === undefined ? {} : { expires: Math.floor(Date.now() / 1000) + c.maxAge }),
    })),
  );
  await page.goto(path ?? '/');
  if (path === undefined) await shellReady(page);
};

/** A main-navigation entry (react-admin renders them as menu items); any UI language. */
export const navItem = (page: Page, name: string) => page.getByRole('navigation').first().getByRole('menuitem', { name, exact: true });

/** Resolves once the admin shell (its main navigation) is visible. */
export const shellReady = async (page: Page): Promise<void> => {
  await navItem(page, 'Consent Solutions').waitFor();
};
