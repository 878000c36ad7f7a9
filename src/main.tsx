import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode, Suspense, startTransition, useLayoutEffect, useSyncExternalStore, type ComponentProps, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider adds the CSS-variables provider (about 3 kB gzip) for themes with
// color schemes; ours has none, and for such a theme it renders exactly this one.
import { ThemeProvider } from '@mui/system';
import { AuthScreen, usePathname } from './auth/AuthApp';
import { LOGIN_PATH, matchAuthRoute } from './session/authPaths';
import { navigateTo, rememberReturnPath } from './session/navigation';
import { getSession, subscribe } from './session/sessionState';
import { env } from './config/env';
import { i18nReady } from './i18n/i18n';
import { ToastProvider } from './notifications/Toasts';
import { importWithReload, lazyWithReload } from './shared/lazyWithReload';
import type LoadedBoot from './layout/AdminBoot';
import { ShellFrame } from './layout/ShellFrame';
import { createAppEmotionCache } from './theme/emotionCache';
import { theme } from './theme/theme';

/** The admin (react-admin, react-router, every page) is a separate chunk: `/login/` never loads it. */
const importAdmin = () => import('./AdminApp');
const AdminApp = lazyWithReload(async () => {
  const admin = await importAdmin();
  await admin.adminReady;
  return admin;
});
/** The small chunk that paints the loading frame and cookie notice, then loads the admin. */
const importBoot = () => import('./layout/AdminBoot');
let AdminBoot: ComponentType<ComponentProps<typeof LoadedBoot>> = lazyWithReload(importBoot);
/**
 * A logged-in page load renders the frame in its first commit. Through React.lazy the frame
 * was a Suspense fallback first, and React holds the content that replaces a fallback back for
 * 300 ms (its fallback throttle): the cookie notice, the page's first contentful paint, waited
 * for that timer. index.html has the chunk fetched beside the entry, so waiting for it costs
 * nothing; should it fail, the lazy component tries again and reports (ST-6).
 */
const bootFirst = (): Promise<void> | undefined =>
  getSession() !== null && matchAuthRoute(window.location.pathname) === null
    ? importWithReload(importBoot).then(
        (boot) => void (AdminBoot = boot.default),
        () => undefined,
      )
    : undefined;

/**
 * Chooses between the public auth screens and the admin (ROLE-2): a public auth path shows
 * its screen; any other path needs a session, without one it is remembered and replaced by
 * `/login/` at once (no redirect loop, docs/performance.md). Login and logout change the session
 * or the path, and this re-renders: no full page reload.
 */
function Root() {
  const pathname = usePathname();
  // ST-2: the session is decoded from the cookie synchronously, so the first render knows it.
  const session = useSyncExternalStore(subscribe, getSession);
  const authRoute = matchAuthRoute(pathname);
  const mustLogIn = authRoute === null && session === null;

  useLayoutEffect(() => {
    if (!mustLogIn) return;
    rememberReturnPath();
    navigateTo(LOGIN_PATH, { replace: true });
  }, [mustLogIn]);

  if (authRoute !== null || mustLogIn) return <AuthScreen route={authRoute} />;
  return (
    <Suspense fallback={<ShellFrame />}>
      <AdminBoot load={importAdmin}>
        <AdminApp />
      </AdminBoot>
    </Suspense>
  );
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');
const root = createRoot(container);
const emotionCache = createAppEmotionCache();

// For English this resolves at once; a French visitor waits for the French chunk (no flash).
void Promise.all([i18nReady, bootFirst()]).then(() => {
  // A transition: React yields to the browser while it builds the first screen (docs/performance.md).
  startTransition(() => {
    root.render(
      <StrictMode>
        <CacheProvider value={emotionCache}>
          <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            <ToastProvider>
              <Root />
            </ToastProvider>
          </ThemeProvider>
        </CacheProvider>
      </StrictMode>,
    );
  });
  // API-6: the hosted texts come through i18next's loader, after the first paint.
  if (env.translationsUrl !== undefined) void import('./i18n/i18nextInstance').then(({ appI18next }) => appI18next());
});
