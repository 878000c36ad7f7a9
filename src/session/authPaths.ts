/** The public auth screens (ROUTE-1..3) and how a pathname maps to one of them. */
export const LOGIN_PATH = '/login/';
export const RECOVERY_EMAIL_PATH = '/recovery-email/';

export type AuthRoute = { screen: 'login' } | { screen: 'recoveryEmail' } | { screen: 'newPassword'; passwordToken: string; csrfToken: string };

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The auth screen a pathname shows, with or without its trailing slash; null for any other. */
export const matchAuthRoute = (pathname: string): AuthRoute | null => {
  if (/^\/login\/?$/.test(pathname)) return { screen: 'login' };
  if (/^\/recovery-email\/?$/.test(pathname)) return { screen: 'recoveryEmail' };
  const reset = /^\/newpassword\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (reset?.[1] !== undefined && reset[2] !== undefined) {
    return { screen: 'newPassword', passwordToken: safeDecode(reset[1]), csrfToken: safeDecode(reset[2]) };
  }
  return null;
};

export const isPublicAuthPath = (pathname: string): boolean => matchAuthRoute(pathname) !== null;
