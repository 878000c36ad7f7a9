import { CmpApi, CmpDisplayStatus, CmpStatus, Sections, SignalStatus } from '@iabgpp/cmpapi';
import type { Visitor } from '../config';
import { consentCookie } from '../consentCookie';
import { gdprApplies } from '../gdprApplies';
import { gpcSignal } from '../gpc';
import { consentScope } from '../scope';
import { visitorParam } from '../visitor';
import type { GppModuleConfig } from './gppConfig';
import { installGppStub } from './installGppStub';
import { usSectionFields } from './usSectionFields';

/**
 * STD-13: the IAB Global Privacy Platform (GPP 1.1) on a customer's page, built on the IAB's
 * @iabgpp/cmpapi. Its own script (`gpp/{version}.js`, with this solution's config), which the
 * banner's UI loads only where a section applies: a US visitor gets the national section or
 * their state's; a visitor GDPR applies to gets `tcfeuv2` when TCF is on. The string follows
 * every decision (the banner's `consent:*` events) and the GPC signal; `tcfeuv2` follows the TC
 * string through `__tcfapi`. Events in the order the CMP API asks: `signalStatus` not ready,
 * the changes, `sectionChange`, `signalStatus` ready.
 */

type TcfListener = (data: { gdprApplies?: boolean; tcString?: string } | null, success: boolean) => void;
type TcfApi = (command: string, version: number, callback: TcfListener) => void;

const DECISIONS = ['accept', 'decline', 'save', 'shared', 'opt-out', 'gpc'];
const TCF_SECTION = 'tcfeuv2';
const NATIONAL_SECTION = 'usnat';

const sectionId = (name: string): number => {
  for (const [id, section] of Sections.SECTION_ID_NAME_MAP) if (section === name) return id;
  return -1;
};

/** The section this visitor's law calls for, if any. */
export const applicableSection = (config: Pick<GppModuleConfig, 'usApproach' | 'tcfEu'>, visitor: Visitor | null): string | null => {
  if (visitor?.region === 'us') {
    // The IAB names each state's section after its code: usca, usva… (usnat where a state has none).
    const own = visitor.state ? `us${visitor.state.slice(3).toLowerCase()}` : '';
    return config.usApproach === 'state' && Sections.SECTION_ORDER.includes(own) ? own : NATIONAL_SECTION;
  }
  return config.tcfEu && gdprApplies(visitor) ? TCF_SECTION : null;
};

export const start = (config: GppModuleConfig, visitor: Visitor | null = visitorParam(document.currentScript)): CmpApi => {
  installGppStub();
  const cmpApi = new CmpApi(config.cmpId, config.cmpVersion);
  const section = applicableSection(config, visitor);
  // GPP 1.1's `id:name` of every section this CMP may use here, the visitor's state's among them.
  const supported = new Set([...(config.tcfEu ? [TCF_SECTION] : []), NATIONAL_SECTION, ...(section ? [section] : [])]);
  cmpApi.setSupportedAPIs([...supported].map((name) => `${sectionId(name)}:${name}`));
  cmpApi.setApplicableSections([section ? sectionId(section) : -1]);

  const { allowed, undecided } = consentScope(config, visitor, false);
  const cookie = consentCookie(config.consentSolutionId, false);
  const inForce = (): string[] => {
    const stored = cookie.read();
    return stored && stored.v === config.consentVersion && stored.categories instanceof Array ? allowed(stored.categories) : undecided;
  };
  const setUs = (name: string, categories: readonly string[]): void => {
    const fields = usSectionFields({
      optedOut: config.saleShare.some((category) => !categories.includes(category)),
      gpc: gpcSignal(),
      mspaCovered: config.mspaCovered,
      mspaMode: config.mspaMode,
    });
    for (const [field, value] of fields) {
      try {
        cmpApi.setFieldValue(name, field, value);
      } catch {
        // Not a field of this state's section.
      }
    }
  };
  /** A change: not ready first, the change now (a record sent at once reads it), then the section change and ready. */
  const change = (name: string, apply: () => void): void => {
    cmpApi.setSignalStatus(SignalStatus.NOT_READY);
    apply();
    void Promise.resolve().then(() => {
      cmpApi.fireSectionChange(name);
      cmpApi.setSignalStatus(SignalStatus.READY);
    });
  };

  if (section === TCF_SECTION) {
    const tcfapi = (window as unknown as { __tcfapi?: TcfApi }).__tcfapi;
    tcfapi?.('addEventListener', 2, (data, success) => {
      if (!success || data?.gdprApplies !== true || !data.tcString) return;
      const tcString = data.tcString;
      change(TCF_SECTION, () => cmpApi.setSectionString(TCF_SECTION, tcString));
    });
  } else if (section) {
    const us = section;
    setUs(us, inForce());
    for (const action of DECISIONS)
      window.addEventListener(`consent:${action}`, (event) => {
        const categories = (event as CustomEvent<{ categories?: unknown } | null>).detail?.categories;
        if (categories instanceof Array) change(us, () => setUs(us, categories as string[]));
      });
  }
  // The event is for a change of display: a hide of what was not shown (the opt-out notice's choice) is none.
  const display = (status: CmpDisplayStatus): void => {
    if (cmpApi.getCmpDisplayStatus() !== status) cmpApi.setCmpDisplayStatus(status);
  };
  window.addEventListener('consent:display', () => display(CmpDisplayStatus.VISIBLE));
  window.addEventListener('consent:hide', () => display(CmpDisplayStatus.HIDDEN));
  cmpApi.setCmpStatus(CmpStatus.LOADED);
  cmpApi.setSignalStatus(SignalStatus.READY);
  return cmpApi;
};
