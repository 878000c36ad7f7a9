/**
 * The session's API calls (login, logout, recovery, new password), in plain TypeScript (no
 * react-admin, no router): the auth screens of the entry chunk and react-admin's authProvider
 * share them (docs/performance.md). The session itself is src/session/sessionState.ts.
 */
import { chatWidget } from '../integrations/chatWidget';
import { apiFetch } from './apiClient';
import { LOGIN_PATH } from '../session/authPaths';
import { setActingAccount } from '../session/actingAccount';
import { navigateTo } from '../session/navigation';
import { clearSession, reloadSession, type Session } from '../session/sessionState';

/** The user of a successful `POST /login_check`. */
interface LoginUser {
  id: number | string;
  email: string;
  roles: string[];
  account_id: number | null;
}

/** API-2: logs in; the API sets the cookies, and the session is re-read from them. */
export const login = async (email: string, password: string): Promise<{ user: LoginUser; session: Session | null }> => {
  const response = await apiFetch<{ token_set: boolean; user: LoginUser }>('/login_check', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  setActingAccount(null);
  return { user: response.json.user, session: reloadSession() };
};

/**
 * Chosen logout (ST-2): the API clears both cookies; the session is forgotten here even when
 * the call fails, so the user is never stuck logged in. The chat widget restarts anonymous.
 * It goes to `/login/` first, so the page being left is not remembered for the next login.
 */
export const logout = async (): Promise<void> => {
  navigateTo(LOGIN_PATH);
  try {
    await apiFetch('/logout', { method: 'POST' });
  } catch {
    // The local session goes anyway; a failed logout call must not keep the user in.
  }
  clearSession();
  setActingAccount(null);
  chatWidget().shutdown();
  chatWidget().boot();
};

/** API-3: the same `{}` answer for known and unknown emails. */
export const sendRecoveryEmail = async (email: string): Promise<void> => {
  const form = new FormData();
  form.append('username', email);
  await apiFetch('/lost-password/send-email', { method: 'POST', body: form });
};

interface ResetPasswordInput {
  passwordToken: string;
  csrfToken: string;
  password: string;
}

/** API-4 / VAL-2: the new password is sent twice, with the link's CSRF token. */
export const resetPassword = async ({ passwordToken, csrfToken, password }: ResetPasswordInput): Promise<{ passwordCreated: boolean }> => {
  const form = new FormData();
  form.append('fos_user_resetting_form[plainPassword][first]', password);
  form.append('fos_user_resetting_form[plainPassword][second]', password);
  form.append('fos_user_resetting_form[_token]', csrfToken);
  const response = await apiFetch<{ passwordCreated?: unknown }>(`/lost-password/reset/${encodeURIComponent(passwordToken)}`, {
    method: 'POST',
    body: form,
  });
  return { passwordCreated: response.json.passwordCreated === true };
};
