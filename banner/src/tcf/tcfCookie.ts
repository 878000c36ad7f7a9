/** TCF-2: the TC string's first-party cookie, the name the framework's vendors look for. */
export const TC_COOKIE = 'euconsent-v2';
/** The same year as our own consent cookie. */
const MAX_AGE_SECONDS = 31_536_000;

export const readTcCookie = (): string | null => {
  try {
    const match = document.cookie.match(/(?:^|; )euconsent-v2=([^;]*)/);
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return null;
  }
};

export const writeTcCookie = (tcString: string): void => {
  try {
    document.cookie = `${TC_COOKIE}=${encodeURIComponent(tcString)}; max-age=${MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
  } catch {
    // Cookies blocked: the string holds for this page (the CMP API still answers it).
  }
};
