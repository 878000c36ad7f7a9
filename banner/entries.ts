/**
 * Every script the banner build produces. Adding one is a line: its name (the file
 * `banner/dist/<name>.js`), its source under `banner/src/`, and the variable its IIFE defines
 * (the page never sees it: publishing wraps each runtime in a function of its own).
 */
export const BANNER_ENTRIES = {
  banner: { source: 'banner.ts', global: 'cmBanner' },
  /** STD-5: the embeddable cookie declaration. */
  declaration: { source: 'declaration.ts', global: 'cmDeclaration' },
} as const satisfies Record<string, { source: string; global: string }>;

export type BannerEntry = keyof typeof BANNER_ENTRIES;
