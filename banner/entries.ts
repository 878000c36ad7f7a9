/**
 * Every script the banner build produces. Adding one is a line: its name (the file
 * `banner/dist/<name>.js`), its source under `banner/src/`, and the variable its IIFE defines
 * (the page never sees it: publishing wraps each runtime in a function of its own).
 */
export const BANNER_ENTRIES = {
  banner: { source: 'banner.ts', global: 'cmBanner' },
  /** TCF-1..4: composed into a published banner only when its solution has TCF on. */
  tcf: { source: 'tcf/tcf.ts', global: 'cmTcf' },
  /** TCF-1: the IAB stub alone, inlined by the installation snippet before every other script. */
  tcfStub: { source: 'tcf/tcfStub.ts', global: 'cmTcfStub' },
  /** STD-5: the embeddable cookie declaration. */
  declaration: { source: 'declaration.ts', global: 'cmDeclaration' },
} as const satisfies Record<string, { source: string; global: string }>;

export type BannerEntry = keyof typeof BANNER_ENTRIES;
