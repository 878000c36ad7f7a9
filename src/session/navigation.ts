import { isPublicAuthPath } from './authPaths';

/**
 * Navigation without react-router, so the entry chunk stays small (docs/performance.md). A
 * synthetic `popstate` tells every listener, including react-router's BrowserRouter inside the
 * admin and the entry's own switch, that the location changed.
 */
export const navigateTo = (path: string, { replace = false }: { replace?: boolean } = {}): void => {
  const previous = window.history.state as { idx?: number } | null;
  const index = previous?.idx ?? 0;
  // The same state shape react-router writes, so its back/forward bookkeeping stays right.
  const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: replace ? index : index + 1 };
  if (replace) window.history.replaceState(state, '', path);
  else window.history.pushState(state, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
};

const RETURN_PATH_KEY = 'auth.returnPath';

/** ROLE-2: where to go back to after login. Auth screens themselves are never remembered. */
export const rememberReturnPath = (path: string = currentPath()): void => {
  const pathname = path.split(/[?#]/)[0] ?? path;
  if (isPublicAuthPath(pathname)) return;
  window.sessionStorage.setItem(RETURN_PATH_KEY, path);
};

/** The remembered path (once), or `/`. Only same-origin paths, never a full URL. */
export const takeReturnPath = (): string => {
  const path = window.sessionStorage.getItem(RETURN_PATH_KEY);
  window.sessionStorage.removeItem(RETURN_PATH_KEY);
  return path !== null && path.startsWith('/') && !path.startsWith('//') ? path : '/';
};

const currentPath = (): string => window.location.pathname + window.location.search + window.location.hash;
