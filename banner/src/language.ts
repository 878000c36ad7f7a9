/**
 * I18N-3: the one language matching of the banner, the cookie declaration and the CDN (which
 * reads Accept-Language with it). Each wanted tag in order, then its shorter prefixes (RFC 4647
 * lookup: `pt-BR` → `pt`, `de-CH` → `de`); Norwegian `no`, `nb` and `nn` stand in for one
 * another; a reader of Traditional Chinese (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`) is matched to a
 * `zh-Hant` text only, never to plain `zh`, which is written in Simplified characters.
 */
export const matchLanguage = (wanted: readonly unknown[], available: readonly string[]): string | undefined => {
  const codes = available.map((code) => code.toLowerCase());
  for (const entry of wanted) {
    const tag = String(entry ?? '')
      .toLowerCase()
      .replace(/_/g, '-')
      .replace(/^zh-(tw|hk|mo)(?=-|$)/, 'zh-hant');
    const tries: string[] = [];
    for (let part = tag; part !== '' && !(part === 'zh' && tag.startsWith('zh-hant')); part = part.slice(0, Math.max(0, part.lastIndexOf('-'))))
      tries.push(part);
    if (/^n[bno]$/.test(tries.at(-1) ?? '')) tries.push('nb', 'no', 'nn');
    for (const code of tries) {
      const index = codes.indexOf(code);
      if (index >= 0) return available[index];
    }
  }
  return undefined;
};

/**
 * The banner's language among the available ones: the visitor's languages first (navigator),
 * then the page's; else the solution's default.
 */
export const pickLanguage = (available: Record<string, unknown>, defaultLanguage: string): string => {
  const { languages, language } = window.navigator;
  const wanted: unknown[] = [...(languages?.length ? languages : [language]), document.documentElement.lang];
  return matchLanguage(wanted, Object.keys(available)) ?? defaultLanguage;
};

/** I18N-3: the writing direction of a language tag (the right-to-left languages and scripts). */
export const textDirection = (language: string): 'rtl' | 'ltr' =>
  /^(ar|dv|fa|he|ps|sd|ug|ur|yi)(-|$)|-(arab|hebr|syrc|thaa|nkoo|adlm|rohg)(-|$)/i.test(language) ? 'rtl' : 'ltr';
