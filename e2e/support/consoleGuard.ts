import type { Browser, BrowserContext, ConsoleMessage } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * PERF-1: a browser test fails on any console error or warning and any uncaught page error,
 * on every page of every context the tests open (the admin, the auth screens, the customers'
 * fixture sites with the banner). Lighthouse's best-practices score counts the same messages.
 */

export interface ConsoleProblem {
  kind: 'error' | 'warning' | 'uncaught';
  text: string;
  /** Where the message came from: the script's URL, or the page's for an uncaught error. */
  url: string;
}

interface Allowance {
  pattern: RegExp;
  why: string;
}

/**
 * What Chromium says on its own about answers our API gives by contract: every 4xx of a
 * `fetch` is logged as "Failed to load resource" by the browser itself, whatever the page does
 * with it (a wrong password is a 401, a violation a 400/422, another account's object a 404).
 * Only answers from the API are allowed: a 404 of the app's own files (a favicon, a chunk)
 * still fails the test.
 */
const apiStatusAllowance = (apiUrl: string): ((problem: ConsoleProblem) => boolean) => {
  const apiOrigin = new URL(apiUrl).origin;
  return (problem) =>
    problem.kind === 'error' &&
    /^Failed to load resource: the server responded with a status of 4\d\d\b/.test(problem.text) &&
    problem.url.startsWith(`${apiOrigin}/`);
};

/**
 * Messages of code that is not ours, each with why it is no fault of the page. The browser
 * tests build the app with Vitest's NODE_ENV=test, so React and react-admin run their
 * development builds (stricter: React's warnings show).
 */
const OUTSIDE_OUR_CONTROL: readonly Allowance[] = [
  {
    // httpClient.ts rejects every failed API call with this message after showing its toast
    // (ERR-4); react-admin's development build logs every rejected data-provider call
    // (ra-core useDataProvider, left out of production builds).
    pattern: /^\w+: app\.error_already_notified\n/,
    why: 'react-admin development-build log of an API error the app already showed',
  },
];

let allowApiStatus: (problem: ConsoleProblem) => boolean = () => false;
/** Per test: messages a test provokes on purpose, each with the reason (cleared after the test). */
let expected: Allowance[] = [];
const watched = new Set<ConsoleProblem[]>();

const fromMessage = (message: ConsoleMessage): ConsoleProblem | null => {
  const type = message.type();
  if (type !== 'error' && type !== 'warning') return null;
  return { kind: type, text: message.text(), url: message.location().url };
};

/** Records every console error/warning and uncaught error of the context's pages. */
export const watchConsole = (context: BrowserContext): void => {
  const problems: ConsoleProblem[] = [];
  watched.add(problems);
  context.on('console', (message) => {
    const problem = fromMessage(message);
    if (problem !== null) problems.push(problem);
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    problems.push({ kind: 'uncaught', text: error.stack ?? error.message, url: webError.page()?.url() ?? '' });
  });
};

/**
 * A browser whose every context (`newContext`, `newPage`) is watched: launch through this so no
 * page a test opens escapes the check.
 */
export const watchBrowser = (browser: Browser): Browser => {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    watchConsole(context);
    return context;
  };
  return browser;
};

/** For a test that provokes a message on purpose: allowed in this test only, with the reason. */
export const expectConsoleMessage = (pattern: RegExp, why: string): void => {
  expected.push({ pattern, why });
};

const describeProblem = (problem: ConsoleProblem): string => `${problem.kind}: ${problem.text}${problem.url ? ` (${problem.url})` : ''}`;

/**
 * Registers the check after each test of the calling file; `apiUrl` is the dev API whose
 * contractual 4xx answers Chromium logs on its own.
 */
export const useConsoleGuard = (apiUrl: string): void => {
  allowApiStatus = apiStatusAllowance(apiUrl);
  afterEach(() => {
    const found: ConsoleProblem[] = [];
    for (const problems of watched) found.push(...problems.splice(0));
    const allowances = [...OUTSIDE_OUR_CONTROL, ...expected];
    expected = [];
    const unexpected = found.filter((problem) => !allowApiStatus(problem) && !allowances.some(({ pattern }) => pattern.test(problem.text)));
    if (unexpected.length > 0) {
      throw new Error(`The browser logged ${unexpected.length} console error(s) or warning(s):\n${unexpected.map(describeProblem).join('\n')}`);
    }
  });
};
