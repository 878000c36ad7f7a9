import type { Page } from 'playwright-core';
import { apiSession } from './apiSession';
import { signIn } from './browser';
import { KEY_PATTERNS } from './translationKeys';

/** Where the account switcher keeps the account an admin or agency acts on (sessionStorage). */
const ACTING_ACCOUNT_KEY = 'operations.actingAccount';

/** Signs in as `email` acting on `account`, as the switcher would have left it. */
export const signInActing = async (page: Page, email: string, account: { id: number; name: string }, path?: string): Promise<void> => {
  await page.addInitScript(
    ([key, value]) => {
      // Init scripts also run in the pop-up previews' sandboxed frames, which have no storage.
      if (window.top === window) window.sessionStorage.setItem(key, value);
    },
    [ACTING_ACCOUNT_KEY, JSON.stringify(account)] as const,
  );
  await signIn(page, email, path);
};

/** Demo Shop's account, looked up by the admin. */
export const demoShopAccount = async (apiUrl: string): Promise<{ id: number; name: string }> => {
  const admin = await apiSession(apiUrl, 'admin@demo.test');
  const accounts = await admin<Array<{ id: number; name: string }>>('GET', '/accounts?_sort=name&_order=ASC&_limit=500');
  const shop = accounts.find((account) => account.name === 'Demo Shop');
  if (!shop) throw new Error('no Demo Shop account in the seed');
  return { id: shop.id, name: shop.name };
};

/**
 * Every screen of the admin behind the login (AdminApp's resources and custom routes, each tab
 * and sub-route of a consent solution), on Demo Shop's first solution and its records.
 */
export const adminRoutes = async (apiUrl: string): Promise<string[]> => {
  const owner = await apiSession(apiUrl, 'owner@demo.test');
  const first = async (path: string): Promise<{ id: number } | undefined> => (await owner<Array<{ id: number }>>('GET', path))[0];
  const needed = async (path: string): Promise<{ id: number }> => {
    const row = await first(path);
    if (!row) throw new Error(`the seed has nothing at ${path}`);
    return row;
  };
  const solution = await needed('/consent-solutions?_sort=id&_order=ASC&_limit=1');
  const base = `/consent-solutions/${solution.id}`;
  const domain = await needed(`/domains?consentSolutionId=${solution.id}&_limit=1`);
  const cookie = await needed(`/cookies?consentSolutionId=${solution.id}&_limit=1`);
  // The account's own templates, if it has any, open for editing; a gallery template is copied.
  const template = await first('/popup-templates?scope=account&_limit=1');
  const gallery = await needed('/popup-templates?scope=gallery&_limit=1');
  const own = template ? [`${base}/popup/edit-template/${template.id}/edit/`, `${base}/popup/edit-template/${template.id}/duplicate/`] : [];
  return [
    '/consent-solutions',
    '/consent-solutions/create',
    `${base}/installation/`,
    `${base}/domains/`,
    `${base}/domains/create/`,
    `${base}/domains/${domain.id}/`,
    `${base}/popup/my-templates/`,
    `${base}/popup/template-gallery/`,
    ...own,
    `${base}/popup/edit-template/${gallery.id}/use-from-gallery/`,
    `${base}/settings/`,
    `${base}/copy-and-translations/`,
    `${base}/cookie-management/`,
    `${base}/cookie-management/create/`,
    `${base}/cookie-management/${cookie.id}/`,
    `${base}/tcf`,
    '/mobile-consent-solutions/',
    '/onboarding/',
    '/compliance-dashboard/',
    '/subscription/overview/',
    '/teammates/',
    '/teammates/create',
    '/audit-log/',
    '/this-page-does-not-exist',
  ];
};

/** Opens `path` inside the running app (react-router follows history), without reloading it. */
export const openInApp = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
};

/**
 * Resolves once the page has stopped changing: no spinner or progress bar and no DOM mutation
 * for `quietMs`. Raw keys can appear after data arrives, so "the heading showed" is not enough.
 */
export const settled = async (page: Page, quietMs = 300, timeoutMs = 8_000): Promise<void> => {
  await page.evaluate(
    ([quiet, timeout]) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        let last = performance.now();
        const observer = new MutationObserver(() => {
          last = performance.now();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        const check = () => {
          const busy = document.querySelector('[role="progressbar"], .MuiSkeleton-root') !== null;
          const now = performance.now();
          if ((!busy && now - last >= quiet) || now - started > timeout) {
            observer.disconnect();
            resolve();
          } else setTimeout(check, 50);
        };
        setTimeout(check, 50);
      }),
    [quietMs, timeoutMs] as const,
  );
};

/** Every raw key the page shows: in text, or in an accessible name, label, placeholder or title. */
export const rawKeysOn = async (page: Page): Promise<string[]> => {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const keys = await frame
      .evaluate(({ namespaced, whole }) => {
        const inText = new RegExp(namespaced);
        const alone = new RegExp(whole);
        const hits: string[] = [];
        const test = (text: string | null, where: string) => {
          const value = (text ?? '').trim();
          if (value === '') return;
          const match = inText.exec(value);
          if (match) hits.push(`${match[1]} (${where})`);
          else if (alone.test(value)) hits.push(`${value} (${where})`);
        };
        // Code the customer writes or copies (templates, the script tag) is not UI text.
        const skipped = 'script, style, pre, code, textarea, .cm-editor, [contenteditable="true"]';
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest(skipped)) continue;
          test(node.textContent, 'text');
        }
        for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description], [aria-valuetext]')) {
          for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-valuetext']) {
            if (element.hasAttribute(attribute)) test(element.getAttribute(attribute), attribute);
          }
        }
        test(document.title, 'document title');
        return hits;
      }, KEY_PATTERNS)
      // A cross-origin frame (a customer's preview) has no UI text of ours to read.
      .catch(() => [] as string[]);
    found.push(...keys);
  }
  return [...new Set(found)];
};
