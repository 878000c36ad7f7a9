import type { GppMspaMode } from './gppConfig';

/**
 * STD-13: the fields of a US section (usnat or a state's) for the choice in force, as IAB
 * Privacy's MSPA technical specifications define them: notices given (1); each opt-out 1
 * (opted out) or 2 (did not); sensitive data and known-child fields left "not applicable" (0:
 * this banner collects no sensitive-data consent); the MSPA declarations; the browser's GPC
 * signal. A state's section has only some of these; the others are skipped.
 */
export const usSectionFields = (signals: { optedOut: boolean; gpc: boolean; mspaCovered: boolean; mspaMode: GppMspaMode }): [string, number | boolean][] => {
  const choice = signals.optedOut ? 1 : 2;
  const covered = signals.mspaCovered;
  const optOutMode = signals.mspaMode === 'opt-out';
  return [
    ['SharingNotice', 1],
    ['ProcessingNotice', 1],
    ['SaleOptOutNotice', 1],
    ['SharingOptOutNotice', 1],
    ['TargetedAdvertisingOptOutNotice', 1],
    ['SaleOptOut', choice],
    ['SharingOptOut', choice],
    ['TargetedAdvertisingOptOut', choice],
    ['MspaCoveredTransaction', covered ? 1 : 2],
    ['MspaOptOutOptionMode', covered ? (optOutMode ? 1 : 2) : 0],
    ['MspaServiceProviderMode', covered ? (optOutMode ? 2 : 1) : 0],
    ['MspaMode', covered ? (optOutMode ? 1 : 2) : 0],
    ['GpcSegmentIncluded', true],
    ['Gpc', signals.gpc],
  ];
};
