import { Route, useParams } from 'react-router-dom';
import { NewPasswordPage } from './NewPasswordPage';
import { RecoveryEmailPage } from './RecoveryEmailPage';

function NewPasswordRoute() {
  const { passwordToken = '', csrfToken = '' } = useParams();
  return <NewPasswordPage key={`${passwordToken}/${csrfToken}`} passwordToken={passwordToken} csrfToken={csrfToken} />;
}

/**
 * The public auth routes inside the admin's router, for `<CustomRoutes noLayout>{authRoutes}</CustomRoutes>`,
 * so links and logouts that land on them inside the admin work too. `/login` is the admin's
 * `loginPage`. This module imports react-router, so only the lazy admin may import it.
 */
export const authRoutes = [
  <Route key="recovery-email" path="/recovery-email/" element={<RecoveryEmailPage />} />,
  <Route key="newpassword" path="/newpassword/:passwordToken/:csrfToken/" element={<NewPasswordRoute />} />,
];
