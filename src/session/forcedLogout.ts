import { chatWidget } from '../integrations/chatWidget';
import { isPublicAuthPath, LOGIN_PATH } from './authPaths';
import { navigateTo, rememberReturnPath } from './navigation';
import { notify } from '../notifications/notify';
import { clearSession, getSession } from './sessionState';

/**
 * ST-2/ST-4: the API refused the session (a 401 outside `/login_check`). Forget it, restart
 * the chat widget as an anonymous visitor, say so once, and go to login, remembering where
 * the user was so login brings them back (ROLE-2). Several 401s at once act once.
 */
export const forceLogout = (): void => {
  const wasLoggedIn = getSession() !== null;
  clearSession();
  const onAuthScreen = isPublicAuthPath(window.location.pathname);
  if (!wasLoggedIn && onAuthScreen) return;
  chatWidget().shutdown();
  chatWidget().boot();
  if (onAuthScreen) return;
  notify('notification_unauthorized_error', { type: 'error' });
  rememberReturnPath();
  navigateTo(LOGIN_PATH);
};
