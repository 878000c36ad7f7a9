/**
 * Every script the banner build produces. Adding one is a line: its name (the file
 * `banner/dist/<name>.js`), its source under `banner/src/`, and the variable its IIFE defines
 * (the page never sees it: publishing wraps each runtime in a function of its own).
 */
export const BANNER_ENTRIES = {
  /** The whole banner in one script: the admin's preview. */
  banner: { source: 'banner.ts', global: 'cmBanner' },
  /** STD-8: the published banner's core (the installation snippet's script, async behind its inline part)… */
  core: { source: 'core.ts', global: 'cmCore' },
  /** …and the UI it loads asynchronously, in the visitor's language. */
  ui: { source: 'ui.ts', global: 'cmBannerUi' },
  /** TCF-1..4: composed into a published banner only when its solution has TCF on. */
  tcf: { source: 'tcf/tcf.ts', global: 'cmTcf' },
  /** TCF-1: the IAB stub alone: the snippet's first script with TCF on, and part of the core then. */
  tcfStub: { source: 'tcf/tcfStub.ts', global: 'cmTcfStub' },
  /** STD-13: the IAB GPP module (@iabgpp/cmpapi), loaded by the UI only where a GPP section applies. */
  gpp: { source: 'gpp/gpp.ts', global: 'cmGpp' },
  /** STD-13: the GPP stub alone: composed into the core and the snippet's inline part when GPP is on. */
  gppStub: { source: 'gpp/gppStub.ts', global: 'cmGppStub' },
  /** STD-5: the embeddable cookie declaration. */
  declaration: { source: 'declaration.ts', global: 'cmDeclaration' },
} as const satisfies Record<string, { source: string; global: string }>;

export type BannerEntry = keyof typeof BANNER_ENTRIES;
