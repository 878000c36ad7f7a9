import { Suspense, type ReactNode } from 'react';
import { Route, useParams } from 'react-router-dom';
import { lazyWithReload } from '../shared/lazyWithReload';

// Their own chunks, as in the entry's switch (AuthApp.tsx): a logged-in admin rarely opens them,
// so the admin chunk does not carry them (docs/performance.md).
const RecoveryEmailPage = lazyWithReload(async () => ({ default: (await import('./RecoveryEmailPage')).RecoveryEmailPage }));
const NewPasswordPage = lazyWithReload(async () => ({ default: (await import('./NewPasswordPage')).NewPasswordPage }));

const page = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;

function NewPasswordRoute() {
  const { passwordToken = '', csrfToken = '' } = useParams();
  return page(<NewPasswordPage key={`${passwordToken}/${csrfToken}`} passwordToken={passwordToken} csrfToken={csrfToken} />);
}

/**
 * The public auth routes inside the admin's router, for `<CustomRoutes noLayout>{authRoutes}</CustomRoutes>`,
 * so links and logouts that land on them inside the admin work too. `/login` is the admin's
 * `loginPage`. This module imports react-router, so only the lazy admin may import it.
 */
export const authRoutes = [
  <Route key="recovery-email" path="/recovery-email/" element={page(<RecoveryEmailPage />)} />,
  <Route key="newpassword" path="/newpassword/:passwordToken/:csrfToken/" element={<NewPasswordRoute />} />,
];
