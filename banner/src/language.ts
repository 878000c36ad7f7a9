import type { BannerConfig } from './config';

/**
 * The banner's language: the preview's; else the visitor's languages first (navigator), then
 * the page's; else the solution's default.
 */
export const pickLanguage = (config: Pick<BannerConfig, 'preview' | 'defaultLanguage'> & { html: Record<string, unknown> }): string => {
  if (config.preview && config.html[config.preview.language]) return config.preview.language;
  const { languages, language } = window.navigator;
  const wanted: unknown[] = [...(languages?.length ? languages : [language]), document.documentElement.lang];
  for (const entry of wanted) {
    const code = String(entry ?? '').slice(0, 2).toLowerCase();
    if (config.html[code]) return code;
  }
  return config.defaultLanguage;
};
