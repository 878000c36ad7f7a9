import type { ListedCookie } from './config';

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';

/** Every domain attribute a first-party cookie of this page may carry: none (host-only), the host and each parent domain. */
const domainVariants = (host: string): string[] => {
  const variants = [''];
  const labels = host.split('.');
  // A browser refuses a domain attribute it may not set (a public suffix, part of an address): harmless.
  for (let i = 0; i < Math.max(1, labels.length - 1); i++) variants.push(`; domain=${labels.slice(i).join('.')}`);
  return variants;
};

/** `/`, each folder of the current path and the path itself: where a cookie this page reads may live. */
const pathVariants = (pathname: string): string[] => {
  const paths = ['/'];
  const parts = pathname.split('/');
  for (let i = 2; i <= parts.length; i++) {
    const path = parts.slice(0, i).join('/');
    if (path !== '' && paths.indexOf(path) < 0) paths.push(path);
  }
  return paths;
};

/**
 * PROMISE-2: removes the cookies of the solution's list whose category the visitor does not (or
 * no longer) consent to, those this page can reach: first-party cookies it sees, under every
 * domain and path they may have been set with. Third-party and HttpOnly cookies are out of reach.
 */
export const removeDeclinedCookies = (listed: readonly ListedCookie[] | undefined, consented: readonly string[]): void => {
  if (!listed || listed.length === 0) return;
  try {
    const present = document.cookie.split('; ').map((pair) => pair.split('=')[0]);
    const names = listed.filter((c) => c.category !== 'necessary' && consented.indexOf(c.category) < 0 && present.indexOf(c.name) >= 0).map((c) => c.name);
    if (names.length === 0) return;
    const domains = domainVariants(window.location.hostname);
    const paths = pathVariants(window.location.pathname);
    for (const name of names) for (const domain of domains) for (const path of paths) document.cookie = `${name}=; ${EXPIRED}; path=${path}${domain}`;
  } catch {
    // Cookies blocked: nothing was kept either.
  }
};
