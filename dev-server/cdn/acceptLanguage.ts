import { matchLanguage } from '../../banner/src/language';

/** The language ranges of an Accept-Language header, most wanted first (q=0 and `*` left out). */
const acceptedRanges = (header: string | undefined): string[] =>
  String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(entry.range))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.range);

/**
 * STD-8, I18N-3: the visitor's language among the published ones, from Accept-Language, matched
 * as the banner itself matches `navigator.languages`; null when none is published.
 */
export const acceptedLanguage = (header: string | undefined, available: readonly string[]): string | null =>
  matchLanguage(acceptedRanges(header), available) ?? null;
