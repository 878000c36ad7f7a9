/**
 * STD-13: the contract between publishing and the IAB Global Privacy Platform module. Types
 * only: the settings' schema stays in the admin.
 */

/** `national`: the US national section (usnat) for every US visitor; `state`: the state's own section where the IAB defines one, usnat elsewhere. */
export type GppUsApproach = 'national' | 'state';

/** The MSPA modes a covered transaction is in (IAB Privacy's Multi-State Privacy Agreement). */
export type GppMspaMode = 'opt-out' | 'service-provider';

/** What `gpp/{version}.js` starts with. */
export interface GppModuleConfig {
  cmpId: number;
  cmpVersion: number;
  consentSolutionId: number;
  consentVersion: number;
  categories: readonly string[];
  /** The categories that sell or share: declined, they are the US sections' opt-outs. */
  saleShare: readonly string[];
  honourGpc: boolean;
  usApproach: GppUsApproach;
  /** Visitors GDPR applies to get the `tcfeuv2` section (only with TCF on). */
  tcfEu: boolean;
  mspaCovered: boolean;
  mspaMode: GppMspaMode;
}

/** What the banner's UI needs to load the module where its rules apply (the US; with `tcfEu`, where GDPR applies). */
export interface GppLoad {
  /** The module's file: an absolute path on the banner script's origin. */
  file: string;
  tcfEu: boolean;
}
