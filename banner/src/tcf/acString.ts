/**
 * STD-14: Google's Additional Consent string, version 2: `2~` then the consented providers'
 * ids, `~dv.` then the ids disclosed but not consented (each list dot-separated, ascending), as
 * Google's technical specification defines it; kept first-party in `addtl_consent` beside the
 * TC string.
 */

export const AC_COOKIE = 'addtl_consent';
const MAX_AGE_SECONDS = 31_536_000;

const sorted = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

export const encodeAcString = (disclosed: readonly number[], consented: readonly number[]): string => {
  const yes = sorted(consented.filter((id) => disclosed.includes(id)));
  const no = sorted(disclosed.filter((id) => !yes.includes(id)));
  return `2~${yes.join('.')}~dv.${no.join('.')}`;
};

const idList = (part: string): number[] => (part === '' ? [] : part.split('.').map(Number));

/** The consented and disclosed ids of a v2 string (a v1 string discloses only what it consents). */
export const decodeAcString = (value: string): { consented: number[]; disclosed: number[] } | null => {
  const v2 = /^2~((?:\d+(?:\.\d+)*)?)~dv\.?((?:\d+(?:\.\d+)*)?)$/.exec(value);
  if (v2) {
    const consented = idList(v2[1] ?? '');
    return { consented, disclosed: sorted([...consented, ...idList(v2[2] ?? '')]) };
  }
  const v1 = /^1~((?:\d+(?:\.\d+)*)?)$/.exec(value);
  if (!v1) return null;
  const consented = idList(v1[1] ?? '');
  return { consented, disclosed: consented };
};

export const readAcCookie = (): string | null => {
  try {
    const match = document.cookie.match(/(?:^|; )addtl_consent=([^;]*)/);
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return null;
  }
};

export const writeAcCookie = (value: string): void => {
  try {
    document.cookie = `${AC_COOKIE}=${encodeURIComponent(value)}; max-age=${MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
  } catch {
    // Cookies blocked: the string holds for this page (TCData still carries it).
  }
};
