/**
 * The banner's language among the available ones: the visitor's languages first (navigator),
 * then the page's; else the solution's default.
 */
export const pickLanguage = (available: Record<string, unknown>, defaultLanguage: string): string => {
  const { languages, language } = window.navigator;
  const wanted: unknown[] = [...(languages?.length ? languages : [language]), document.documentElement.lang];
  for (const entry of wanted) {
    const code = String(entry ?? '')
      .slice(0, 2)
      .toLowerCase();
    if (available[code]) return code;
  }
  return defaultLanguage;
};
