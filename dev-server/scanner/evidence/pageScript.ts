import type { CDPSession, Page } from 'playwright-core';

/**
 * SCAN-3: runs a function in the page's main world, as `page.evaluate` does, for the calls made on
 * every visit. Playwright's `evaluate` first builds its utility script in each new document (about
 * 10 kB of JavaScript compiled there) and passes every argument and result through it; these
 * functions take and answer plain JSON, so DevTools' own `Runtime.evaluate` does, on one session
 * kept per page. The page's own scripts can redefine what the function calls in either case.
 */

const sessions = new WeakMap<Page, Promise<CDPSession>>();

const sessionOf = (page: Page): Promise<CDPSession> => {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
    // A session that could not open is asked again next time.
    session.catch(() => sessions.delete(page));
  }
  return session;
};

/** A session the caller already keeps for the page (the page pool's) serves these calls too. */
export const shareSession = (page: Page, cdp: CDPSession): void => {
  sessions.set(page, Promise.resolve(cdp));
};

interface EvaluateResult<R> {
  result: { value?: R };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/** `fn(arg)` in the page, its (awaited) result by value; throws what the page threw. */
export const evaluateJson = async <A, R>(page: Page, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
  const cdp = await sessionOf(page);
  const { result, exceptionDetails } = (await cdp.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
    awaitPromise: true,
    returnByValue: true,
  })) as EvaluateResult<R>;
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as R;
};
