import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, logIn, navItem, shellReady, signIn, useBrowser } from './support/browser';
import { latestLinkFor } from './support/outbox';

describe('auth screens in Chromium against the dev API', () => {
  const t = useBrowser();

  it('[ROUTE-1] [ST-2] logs in as the owner and shows the shell', async () => {
    await logIn(t.page, 'owner@demo.test');
    await shellReady(t.page);
    const cookies = await t.context.cookies();
    expect(cookies.find((c) => c.name === 'ci_hp')?.httpOnly).toBe(false);
    expect(cookies.find((c) => c.name === 'ci_s')?.httpOnly).toBe(true);
  });

  it('[ERR-2] [ERR-3] a wrong password shows Invalid credentials and stays on login', async () => {
    await logIn(t.page, 'owner@demo.test', 'Wrong-Password-1');
    await t.page.getByText('Invalid credentials.').first().waitFor();
    expect(new URL(t.page.url()).pathname).toMatch(/^\/login\/?$/);
  });

  it('[VAL-1] the login form asks for the email and the password', async () => {
    await t.page.goto('/login/');
    await t.page.getByRole('button', { name: 'Log in' }).click();
    await t.page.getByText('Email is required.').waitFor();
    await t.page.getByText('Password is required.').waitFor();
  });

  it('[ST-2] [ERR-1] logging out shows "You have been logged out."', async () => {
    await signIn(t.page, 'owner@demo.test');
    await t.page.getByRole('button', { name: 'Log out' }).click();
    await t.page.getByText('You have been logged out.').waitFor();
    await t.page.getByLabel('Email').waitFor();
    expect((await t.context.cookies()).find((c) => c.name === 'ci_s')).toBeUndefined();
  });

  it('[ST-4] [ERR-1] a 401 mid-session logs out with the session-expired notice', async () => {
    await signIn(t.page, 'owner@demo.test');
    // The signature cookie goes away (as when the server revokes a session): the app still
    // holds a readable token, so the next API call answers 401.
    const cookies = await t.context.cookies();
    await t.context.clearCookies();
    await t.context.addCookies(cookies.filter((c) => c.name !== 'ci_s'));
    await t.page.reload();
    await t.page.getByText('Your session has expired. Please log in again.').waitFor();
    await t.page.getByLabel('Email').waitFor();
  });

  it('[ROLE-2] an anonymous visit to a private URL returns there after login', async () => {
    await t.page.goto('/teammates/');
    await t.page.getByLabel('Email').waitFor();
    await t.page.getByLabel('Email').fill('owner@demo.test');
    await t.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await t.page.getByRole('button', { name: 'Log in' }).click();
    await t.page.waitForURL((url) => url.pathname.startsWith('/teammates'));
    await navItem(t.page, 'Teammates').waitFor();
  });

  it('[ROUTE-2] [ROUTE-3] [API-3] [API-4] recovers a password from the outbox link and logs in with it', async () => {
    const email = 'other@demo.test';
    const newPassword = 'Fresh-Password-42';
    await t.page.goto('/login/');
    await t.page.getByRole('link', { name: 'Forgot your password?' }).click();
    await t.page.getByLabel('Email').fill(email);
    await t.page.getByRole('button', { name: 'Send' }).click();
    await t.page.getByText('Check your inbox').waitFor();

    const link = await latestLinkFor(t.apiUrl, email);
    await t.page.goto(new URL(link).pathname);
    await t.page.getByLabel('New password', { exact: true }).fill(newPassword);
    await t.page.getByRole('button', { name: 'Save password' }).click();
    await t.page.getByText('Your password has been changed').waitFor();
    await t.page.getByRole('button', { name: 'Continue to login' }).click();

    await logIn(t.page, email, newPassword);
    await shellReady(t.page);
  });

  it('[ROUTE-3] [API-4] activating a pending user shows the account-activated confirmation', async () => {
    const email = 'pending@demo.test';
    const response = await fetch(`${t.apiUrl}/lost-password/send-email`, {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.set('username', email);
        return f;
      })(),
    });
    expect(response.status).toBe(200);
    await t.page.goto(new URL(await latestLinkFor(t.apiUrl, email)).pathname);
    await t.page.getByLabel('New password', { exact: true }).fill('Activated-Password-7');
    await t.page.getByRole('button', { name: 'Save password' }).click();
    await t.page.getByText('Your account is activated').waitFor();
  });

  it('[VAL-2] the checklist shows four unmet rules, updates as you type, and turns red after a failed submit', async () => {
    await t.page.goto('/newpassword/some-token/some-csrf/');
    const items = t.page.getByRole('listitem').filter({ hasText: /At least/ });
    await items.first().waitFor();
    expect(await items.count()).toBe(4);
    const states = async () => items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
    expect(await states()).toEqual(['unmet', 'unmet', 'unmet', 'unmet']);

    await t.page.getByLabel('New password', { exact: true }).fill('abcdefghijk');
    expect(await states()).toEqual(['met', 'met', 'unmet', 'unmet']);

    await t.page.getByRole('button', { name: 'Save password' }).click();
    expect(await states()).toEqual(['met', 'met', 'unmet-error', 'unmet-error']);
    const colours = await items.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).color));
    expect(colours[2]).not.toEqual(colours[0]);
  });

  it('[PROD-5] switching to French changes the navigation labels', async () => {
    await signIn(t.page, 'owner@demo.test');
    await t.page.getByRole('button', { name: 'English' }).click();
    await t.page.getByRole('menuitem', { name: /Français|French/i }).click();
    await navItem(t.page, 'Solutions de consentement').waitFor();
    expect((await t.context.cookies()).find((c) => c.name === 'i18next')?.value).toBe('fr');
  });

  it('[PROD-5] a French visitor opens the admin in French: its French texts load before its first render', async () => {
    await signIn(t.page, 'owner@demo.test');
    await t.context.addCookies([{ name: 'i18next', value: 'fr', url: t.appUrl }]);
    // Records, from the reload's first byte, whether the English label ever painted.
    await t.page.addInitScript(() => {
      const seen = window as unknown as { englishNavSeen?: boolean };
      new MutationObserver(() => {
        if (document.body?.innerText.includes('Consent solutions')) seen.englishNavSeen = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // A slow French chunk must delay the admin, not show it in English first.
    await t.page.route(/adminCatalogue\.fr-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await t.page.reload();
    await navItem(t.page, 'Solutions de consentement').waitFor();
    await t.page.getByRole('button', { name: 'Français' }).waitFor();
    expect(await t.page.evaluate(() => (window as unknown as { englishNavSeen?: boolean }).englishNavSeen ?? false)).toBe(false);
  });

  it('[PERF-1] a logged-in page load fetches the loading frame with the entry and paints it before asking for the admin; the login route fetches neither', async () => {
    const entry = /\/assets\/index-[\w-]+\.js$/;
    const boot = /\/assets\/AdminBoot-[\w-]+\.js$/;
    const admin = /\/assets\/AdminApp-[\w-]+\.js$/;
    const requested: string[] = [];
    t.page.on('request', (request) => {
      if (boot.test(request.url()) || admin.test(request.url())) requested.push(request.url());
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // The entry is held back, so only index.html itself can ask for other chunks meanwhile.
    await t.page.route(entry, async (route) => {
      await sleep(500);
      await route.continue();
    });
    await t.page.goto('/login/');
    await t.page.getByLabel('Email', { exact: true }).waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    await t.page.unroute(entry);

    await signIn(t.page, 'owner@demo.test');
    requested.length = 0;
    let bootBeforeEntry = false;
    await t.page.route(entry, async (route) => {
      for (let waited = 0; waited < 5_000 && requested.length === 0; waited += 50) await sleep(50);
      bootBeforeEntry = requested.length > 0 && requested.every((url) => boot.test(url));
      await route.continue();
    });
    // The admin is held back: the frame and the cookie notice paint without it.
    let releaseAdmin = () => undefined as void;
    const adminHeld = new Promise<void>((resolve) => (releaseAdmin = resolve));
    await t.page.route(admin, async (route) => {
      await adminHeld;
      await route.continue();
    });
    // When the loading frame's notice enters the page, by the page's clock.
    await t.page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (document.querySelector('[role="region"][aria-label="Cookies on this admin"]') === null) return;
        (window as unknown as { noticeAt?: number }).noticeAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    await t.page.goto('/consent-solutions/');
    await t.page.getByRole('region', { name: 'Cookies on this admin' }).waitFor();
    expect(bootBeforeEntry).toBe(true);
    releaseAdmin();
    await shellReady(t.page);
    // The admin was asked for only after the frame with the notice was rendered and its first
    // contentful paint was on screen (the paint timing entry, the time Lighthouse reads).
    const [adminStart, noticeAt, firstPaint] = await t.page.evaluate(() => [
      performance.getEntriesByType('resource').find((entry) => /\/AdminApp-/.test(entry.name))?.startTime ?? -1,
      (window as unknown as { noticeAt?: number }).noticeAt ?? Infinity,
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    ]);
    expect(noticeAt).toBeLessThan(Infinity);
    expect(firstPaint).toBeGreaterThan(noticeAt);
    expect(firstPaint).toBeLessThan(Infinity);
    expect(adminStart).toBeGreaterThan(firstPaint);
  });

  it('[PERF-1] a logged-in page load renders the loading frame with its cookie notice in its first commit, not after an empty fallback', async () => {
    await signIn(t.page, 'owner@demo.test');
    // What #root held when it first got content, from the page's first byte.
    await t.page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        const root = document.getElementById('root');
        if (root === null || root.childElementCount === 0) return;
        (window as unknown as { firstCommitHadNotice?: boolean }).firstCommitHadNotice =
          root.querySelector('[role="region"][aria-label="Cookies on this admin"]') !== null;
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    await t.page.goto('/consent-solutions/');
    await t.page.getByRole('region', { name: 'Cookies on this admin' }).waitFor();
    expect(await t.page.evaluate(() => (window as unknown as { firstCommitHadNotice?: boolean }).firstCommitHadNotice)).toBe(true);
  });

  it('[PERF-1] the fonts of the first paint are fetched from index.html once each, with the first frame rather than before it', async () => {
    // The first animation frame's time (a callback asked for before any of the page's own), and
    // the fonts the page asks for through the FontFace API.
    await t.page.addInitScript(() => {
      const seen = window as unknown as { firstFrameAt: number; fontFaces: string[] };
      seen.fontFaces = [];
      requestAnimationFrame(() => {
        seen.firstFrameAt = performance.now();
      });
      window.FontFace = new Proxy(window.FontFace, {
        construct(target, args: ConstructorParameters<typeof FontFace>) {
          seen.fontFaces.push(String(args[1]));
          return new target(...args);
        },
      });
    });
    const fonts: string[] = [];
    t.page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(new URL(request.url()).pathname);
    });
    await t.page.goto('/login/');
    await t.page.getByLabel('Email', { exact: true }).waitFor();
    await t.page.evaluate(() => document.fonts.ready);
    const { firstFrameAt, fontFaces, started, preloads } = await t.page.evaluate(() => ({
      firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
      fontFaces: (window as unknown as { fontFaces: string[] }).fontFaces,
      started: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })),
      // Chromium holds the first frame back while a preloaded font loads (docs/performance.md).
      preloads: document.querySelectorAll('link[rel=preload][as=font]').length,
    }));
    expect(preloads).toBe(0);
    expect(started.map((font) => font.path).every((path) => /roboto-latin-(400|500)-normal/.test(path))).toBe(true);
    expect(started).toHaveLength(2);
    for (const font of started) expect(font.at, font.path).toBeGreaterThanOrEqual(firstFrameAt);
    // index.html's script asks for both, and the stylesheet's @font-face shares those requests.
    expect(fontFaces.map((source) => /url\((\/assets\/[^)]+)\)/.exec(source)?.[1]).sort()).toEqual(started.map((font) => font.path).sort());
    expect([...fonts].sort()).toEqual(started.map((font) => font.path).sort());
    expect(
      await t.page.evaluate(() =>
        [...document.fonts]
          .filter((font) => font.status === 'loaded')
          .map((font) => font.weight)
          .sort(),
      ),
    ).toEqual(['400', '500']);
  });

  it('[PERF-1] while a logged-in page waits for its data, nothing on it animates through the main thread: the spinner only turns', async () => {
    await signIn(t.page, 'owner@demo.test');
    // The list's rows are held back, so react-admin's app-bar spinner stays on.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let listAsked = () => undefined as void;
    const asked = new Promise<void>((resolve) => (listAsked = resolve));
    await t.page.route(new RegExp(`^${t.apiUrl}/consent-solutions\\?`), async (route) => {
      listAsked();
      await held;
      await route.continue();
    });
    await t.page.goto('/consent-solutions/');
    // Once the list's read is held, the spinner stays until it is released (earlier reads come and go).
    await asked;
    await t.page.locator('.RaLoadingIndicator-loader').waitFor();
    // What each running animation changes (Web Animations API): a rotation or a fade is run by the
    // compositor; anything else (an SVG stroke's dashes, a size) is restyled and painted by the
    // main thread in every frame, while the page's own work needs it.
    const animated = await t.page.evaluate(() =>
      document.getAnimations().map((animation) => {
        const effect = animation.effect as KeyframeEffect | null;
        const properties = (effect?.getKeyframes() ?? []).flatMap((frame) => Object.keys(frame));
        return [...new Set(properties)].filter((property) => !['offset', 'computedOffset', 'easing', 'composite'].includes(property)).join(',');
      }),
    );
    release();
    expect(animated).toContain('transform');
    expect(animated.filter((properties) => properties.split(',').some((property) => property !== 'transform' && property !== 'opacity'))).toEqual([]);
    await shellReady(t.page);
  });

  it('[PERF-1] the list, a detail tab and the pop-up tab load without building a number formatter (the number data of the browser stays unloaded)', async () => {
    // Counts every Intl.NumberFormat the page builds, from its first byte.
    await t.page.addInitScript(() => {
      const counted = window as unknown as { numberFormats: string[] };
      counted.numberFormats = [];
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
          counted.numberFormats.push(String(args[0]));
          return new target(...args);
        },
      });
    });
    const built = () => t.page.evaluate(() => (window as unknown as { numberFormats: string[] }).numberFormats);
    await signIn(t.page, 'owner@demo.test', '/consent-solutions/');
    await t.page.getByRole('link', { name: 'Demo Shop' }).first().waitFor();
    // MUI's pagination module, which built one as it ran, is part of the list: found on screen,
    // whichever chunk the build puts it in.
    await t.page.locator('.MuiTablePagination-root').first().waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(await built()).toEqual([]);
    for (const path of ['/consent-solutions/1/installation/', '/consent-solutions/1/popup/my-templates/']) {
      await t.page.goto(path);
      await shellReady(t.page);
      await t.page.waitForLoadState('networkidle');
      expect(await built(), path).toEqual([]);
    }
  });

  it('[ROUTE-22] an unknown URL shows Not Found', async () => {
    await signIn(t.page, 'owner@demo.test', '/no/such/page');
    await t.page.getByText('Not Found').first().waitFor();
  });

  it('[ROUTE-7] /free-plan/ redirects to /', async () => {
    await signIn(t.page, 'owner@demo.test', '/free-plan/');
    await t.page.waitForURL((url) => url.pathname !== '/free-plan/');
  });
});
