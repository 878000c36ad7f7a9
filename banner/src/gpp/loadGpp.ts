import type { Visitor } from '../config';
import { gdprApplies } from '../gdprApplies';
import { withVisitorParam } from '../visitor';
import type { GppLoad } from './gppConfig';

/** The longest the banner waits for the GPP module before it shows (the module still starts when it arrives). */
export const GPP_LOAD_TIMEOUT_MS = 3000;

/** Where a GPP section applies: the US, and with `tcfEu` wherever GDPR applies. */
export const gppApplies = (gpp: GppLoad | undefined, visitor: Visitor | null): boolean =>
  gpp !== undefined && (visitor?.region === 'us' || (gpp.tcfEu && gdprApplies(visitor)));

/**
 * STD-13: the GPP module (the IAB's library, 18 kB gzip) is fetched only where its rules apply,
 * after the page's first paint, with the visitor in its URL; the banner waits for it (or a
 * timeout) so that the first decision's record already carries the GPP string.
 */
export const loadGpp = (gpp: GppLoad | undefined, visitor: Visitor | null, script: HTMLOrSVGScriptElement | null, done: () => void): void => {
  if (!gppApplies(gpp, visitor) || !gpp || !(script instanceof HTMLScriptElement) || !script.src) return done();
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    done();
  };
  const element = document.createElement('script');
  element.async = true;
  element.src = withVisitorParam(new URL(gpp.file, script.src), visitor);
  element.addEventListener('load', finish);
  element.addEventListener('error', finish);
  window.setTimeout(finish, GPP_LOAD_TIMEOUT_MS);
  (document.head || document.documentElement).appendChild(element);
};

type GppApi = (command: string, callback: (data: unknown, success: boolean) => void) => void;

/** What a record keeps of GPP: the string and the sections in force, read through `__gpp` as any vendor would (none while only the stub answers). */
export const currentGpp = (): { gppString: string; gppSid: number[] } | undefined => {
  let found: { gppString: string; gppSid: number[] } | undefined;
  try {
    (window as unknown as { __gpp?: GppApi }).__gpp?.('ping', (data, success) => {
      const ping = data as { cmpStatus?: string; gppString?: string; applicableSections?: number[] } | null;
      const sections = ping?.applicableSections ?? [];
      if (success && ping?.cmpStatus === 'loaded' && ping.gppString && sections.length > 0 && sections.every((id) => id > 0))
        found = { gppString: ping.gppString, gppSid: sections.slice() };
    });
  } catch {
    // A broken __gpp on the page: the record goes without.
  }
  return found;
};
