import type { StoredConsent } from './config';

/** A year, as long as a choice is kept before the banner asks again. */
const MAX_AGE_SECONDS = 31_536_000;

export interface ConsentCookie {
  /** What the visitor chose, as stored (a site may hold an older or a hand-edited cookie). */
  read: () => Partial<StoredConsent> | null;
  write: (value: StoredConsent) => void;
}

/** The first-party cookie that keeps the visitor's choice; a preview neither reads nor writes it. */
export const consentCookie = (consentSolutionId: number, preview: boolean): ConsentCookie => {
  const name = `cm_consent_${consentSolutionId}`;
  const pattern = new RegExp(`(?:^|; )${name}=([^;]*)`);
  return {
    read: () => {
      if (preview) return null;
      try {
        const match = document.cookie.match(pattern);
        return match?.[1] === undefined ? null : (JSON.parse(decodeURIComponent(match[1])) as Partial<StoredConsent>);
      } catch {
        return null;
      }
    },
    write: (value) => {
      if (preview) return;
      try {
        document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; max-age=${MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
      } catch {
        // Cookies blocked: the choice holds for this page only.
      }
    },
  };
};

