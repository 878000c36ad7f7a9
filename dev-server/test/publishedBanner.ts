/**
 * STD-8: a published banner is its core (`/cdn/{csId}/banner.js`) and the UI files the core
 * loads. For tests that look at what a visitor's browser gets in all.
 */

/** The UI files a core names (`"ui":{"en":"ui/3.en.js",…}`), by language. */
export const uiFilesOf = (core: string): Record<string, string> => JSON.parse(/"ui":(\{[^}]*\})/.exec(core)?.[1] ?? '{}') as Record<string, string>;

/** The core as served, followed by every UI file it names. */
export const publishedBannerText = async (baseUrl: string, consentSolutionId: number, init?: RequestInit): Promise<string> => {
  const coreUrl = `${baseUrl}/cdn/${consentSolutionId}/banner.js`;
  const core = await (await fetch(coreUrl, init)).text();
  const uis = await Promise.all(Object.values(uiFilesOf(core)).map(async (file) => (await fetch(new URL(file, coreUrl), init)).text()));
  return [core, ...uis].join('\n');
};
