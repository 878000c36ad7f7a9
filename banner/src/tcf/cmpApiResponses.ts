import { CmpApiModel, type CustomCommands } from '@iabtcf/cmpapi';
import { TCF_API_VERSION } from './installTcfStub';

/**
 * STD-12: what a vendor reads from `__tcfapi` as the CMP API v2.2 defines it, where @iabtcf/cmpapi
 * 1.5.6 lags the spec. Its custom commands receive each built-in answer before the caller does
 * (getTCData's also serves addEventListener and removeEventListener):
 * - `ping` names the GVL the CMP loaded (`gvlVersion`, the list's `tcfPolicyVersion`, not the
 *   package's 2) and `apiVersion` "2.2";
 * - TCData says `useNonStandardTexts` (2.2's name for `useNonStandardStacks`) and puts the
 *   disclosed vendors in `vendor.disclosedVendors` (the February 2026 text): `outOfBand` went with
 *   global scope; with Google's Additional Consent, `addtlConsent` (STD-14);
 * - where GDPR does not apply, TCData holds only `gdprApplies`, `tcfPolicyVersion`, `cmpId` and
 *   `cmpVersion` (and a listener's `listenerId`, which removing it needs).
 */

export interface LoadedList {
  gvlVersion: number;
  tcfPolicyVersion: number;
  /** STD-14: the AC string of the choice in force, when there is one. */
  addtlConsent: string | null;
}

type Answer = Record<string, unknown>;
type Next = (value: unknown, success: boolean) => void;

const isAnswer = (value: unknown): value is Answer => typeof value === 'object' && value !== null;

export const currentTcData = (data: Answer, loaded: LoadedList): Answer => {
  if (data.gdprApplies !== true) {
    const minimal: Answer = { gdprApplies: data.gdprApplies, tcfPolicyVersion: loaded.tcfPolicyVersion, cmpId: data.cmpId, cmpVersion: data.cmpVersion };
    if (typeof data.listenerId === 'number') minimal.listenerId = data.listenerId;
    return minimal;
  }
  const { useNonStandardStacks, outOfBand, vendor, ...rest } = data;
  const disclosedVendors = isAnswer(outOfBand) ? outOfBand.disclosedVendors : {};
  const current: Answer = { ...rest, useNonStandardTexts: useNonStandardStacks === true, vendor: { ...(isAnswer(vendor) ? vendor : {}), disclosedVendors } };
  if (loaded.addtlConsent !== null) current.addtlConsent = loaded.addtlConsent;
  return current;
};

export const currentPing = (ping: Answer, loaded: LoadedList): Answer => ({
  ...ping,
  apiVersion: TCF_API_VERSION,
  gvlVersion: loaded.gvlVersion,
  tcfPolicyVersion: loaded.tcfPolicyVersion,
});

/** The custom commands that make the IAB's CmpApi answer as the current spec says; `loaded` is read at each call. */
export const cmpApiCommands = (loaded: () => LoadedList): CustomCommands => {
  // Set by the package's constructor to 2, and read by its answers until a TC string sets it.
  CmpApiModel.tcfPolicyVersion = loaded().tcfPolicyVersion;
  return {
    ping: (next: Next, ping: unknown, success: boolean) => next(isAnswer(ping) ? currentPing(ping, loaded()) : ping, success),
    getTCData: (next: Next, data: unknown, success: boolean) => next(isAnswer(data) ? currentTcData(data, loaded()) : data, success),
  };
};
