import { Suspense, useEffect, useState } from 'react';
import type { AuthRoute } from '../session/authPaths';
import { lazyWithReload } from '../shared/lazyWithReload';
import { LoginPage } from './LoginPage';

// Login is eager (docs/performance.md: lazy-loading it is never smaller); the two rarer screens
// are their own chunks so their checklist and list components stay out of the login route.
const RecoveryEmailPage = lazyWithReload(async () => ({ default: (await import('./RecoveryEmailPage')).RecoveryEmailPage }));
const NewPasswordPage = lazyWithReload(async () => ({ default: (await import('./NewPasswordPage')).NewPasswordPage }));

/** The auth screen for a route; login for anything else (the entry sends non-auth paths here only when logged out). */
export function AuthScreen({ route }: { route: AuthRoute | null }) {
  switch (route?.screen) {
    case 'recoveryEmail':
      return (
        <Suspense fallback={null}>
          <RecoveryEmailPage />
        </Suspense>
      );
    case 'newPassword':
      return (
        <Suspense fallback={null}>
          <NewPasswordPage key={`${route.passwordToken}/${route.csrfToken}`} passwordToken={route.passwordToken} csrfToken={route.csrfToken} />
        </Suspense>
      );
    default:
      return <LoginPage />;
  }
}

/** The current pathname, following pushState navigation (navigation.ts) and back/forward. */
export const usePathname = (): string => {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return pathname;
};
