import type { StoredConsent } from './config';
import type { Emit } from './events';

/** The API that served this script receives the consent records (none in a preview or inline). */
export const scriptOrigin = (script: HTMLOrSVGScriptElement | null): string | null => {
  try {
    return script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : null;
  } catch {
    return null;
  }
};

export interface DecisionRecord {
  apiBase: string;
  consentSolutionId: number;
  action: string;
  value: StoredConsent;
  language: string;
  /** TCF-2: the TC string of this decision, when the TCF module is on. */
  tcString?: string;
  /** STD-14: Google's Additional Consent string of this decision, when the solution chose providers. */
  acString?: string;
  /** STD-13: the GPP string and the sections in force, where GPP applies. */
  gpp?: { gppString: string; gppSid: number[] };
  /** STD-3: decided under the browser's Global Privacy Control signal. */
  gpc: boolean;
  /** STD-4: the region rule that applied, with a US visitor's state when known (`opt-out US-CA`); never the address. */
  regionRule: string;
  /** PROMISE-2: it replaces a decision in force (the settings control, a placeholder): recorded as a change… */
  change: boolean;
  /** …of this record, when the earlier one's id is known. */
  replaces?: string;
}

/** Sends one decision to the consent log and tells the page its record id, the consent id (or the failure). */
export const recordDecision = (
  { apiBase, consentSolutionId, action, value, language, gpc, regionRule, tcString, change, replaces, acString, gpp }: DecisionRecord,
  emit: Emit,
  onRecorded: (id: string) => void,
): void => {
  const body = JSON.stringify({
    anonymousId: value.aid,
    categories: value.categories,
    consentVersion: value.v,
    decidedAt: value.at,
    action,
    language,
    gpc,
    regionRule,
    tcString,
    change,
    replaces,
    acString,
    gppString: gpp?.gppString,
    gppSid: gpp?.gppSid,
  });
  const recorded = (answer: { id?: unknown } | null): void => {
    if (typeof answer?.id === 'string') onRecorded(answer.id);
    emit('recorded', { id: answer?.id });
  };
  try {
    // text/plain keeps it a simple CORS request (no preflight); the API checks the Origin.
    window
      .fetch(`${apiBase}/consent/${consentSolutionId}/records`, {
        method: 'POST',
        mode: 'cors',
        credentials: 'omit',
        keepalive: true,
        headers: { 'Content-Type': 'text/plain' },
        body,
      })
      .then((res) => (res.ok ? res.json().then(recorded) : emit('record-failed', { status: res.status })))
      .then(undefined, () => emit('record-failed', { status: 0 }));
  } catch {
    // No fetch: the choice is still kept in the cookie.
  }
};
