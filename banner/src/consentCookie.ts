import type { StoredConsent } from './config';

/** A year, as long as a choice is kept before the banner asks again. */
const MAX_AGE_SECONDS = 31_536_000;

export interface ConsentCookie {
  /** What the visitor chose, as stored (a site may hold an older or a hand-edited cookie). */
  read: () => Partial<StoredConsent> | null;
  /**
   * The same, without blocking the page where the browser has the Cookie Store API (secure
   * pages): `document.cookie`'s first read on a page is a synchronous round trip to the
   * browser's cookie store, 2–12 ms of the page's main thread at 4× CPU (STD-8). Elsewhere,
   * or if that read fails, `done` gets `read()`'s answer at once.
   */
  readAsync: (done: (value: Partial<StoredConsent> | null) => void) => void;
  write: (value: StoredConsent) => void;
}

/** The first-party cookie that keeps the visitor's choice; a preview neither reads nor writes it. */
export const consentCookie = (consentSolutionId: number, preview: boolean): ConsentCookie => {
  const name = `cm_consent_${consentSolutionId}`;
  const pattern = new RegExp(`(?:^|; )${name}=([^;]*)`);
  const parse = (raw: string | undefined): Partial<StoredConsent> | null => {
    try {
      return raw === undefined ? null : (JSON.parse(decodeURIComponent(raw)) as Partial<StoredConsent>);
    } catch {
      return null;
    }
  };
  const read = (): Partial<StoredConsent> | null => {
    if (preview) return null;
    try {
      return parse(document.cookie.match(pattern)?.[1]);
    } catch {
      return null;
    }
  };
  return {
    read,
    readAsync: (done) => {
      const store = preview || typeof window.cookieStore === 'undefined' ? undefined : window.cookieStore;
      if (!store) return done(read());
      try {
        store.get(name).then(
          (item) => done(parse(item?.value)),
          () => done(read()),
        );
      } catch {
        done(read());
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
