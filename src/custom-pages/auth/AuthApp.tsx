import { useEffect, useState } from 'react';
import { matchAuthRoute, type AuthRoute } from '../../providers/authPaths';
import { LoginPage } from './LoginPage';
import { NewPasswordPage } from './NewPasswordPage';
import { RecoveryEmailPage } from './RecoveryEmailPage';

/** The auth screen for a route; login for anything else (the entry sends non-auth paths here only when logged out). */
export function AuthScreen({ route }: { route: AuthRoute | null }) {
  switch (route?.screen) {
    case 'recoveryEmail':
      return <RecoveryEmailPage />;
    case 'newPassword':
      return <NewPasswordPage key={`${route.passwordToken}/${route.csrfToken}`} passwordToken={route.passwordToken} csrfToken={route.csrfToken} />;
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

/**
 * The public auth screens without react-router (performance.md: the router is ~30 kB that
 * the login route does not need): a switch on the pathname.
 */
export function AuthApp() {
  const pathname = usePathname();
  return <AuthScreen route={matchAuthRoute(pathname)} />;
}
