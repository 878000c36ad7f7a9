import type { Visitor } from '../config';
import type { TcfBundle, TcfListUpdate } from './tcfConfig';

/** The longest the banner waits for the current list before it shows with the one it was published with. */
export const CURRENT_LIST_TIMEOUT_MS = 3000;

const isUpdate = (body: unknown): body is TcfListUpdate =>
  typeof body === 'object' &&
  body !== null &&
  'gvl' in body &&
  'vendors' in body &&
  Array.isArray((body as TcfListUpdate).vendors) &&
  typeof (body as TcfListUpdate).consentGvlVersion === 'number';

/**
 * STD-11: the TC string spec asks CMPs to use the latest Global Vendor List whenever the UI is
 * surfaced, and the IAB publishes one every week; customers do not republish every week. The CDN
 * writes the version it holds into the script it serves (`visitor.gvlVersion`); when that is
 * newer than the list the banner was published with, this one request (an immutable URL per
 * version) brings the current list narrowed to the published choice. Any failure, or no answer
 * in time: the published list (`done(null)`).
 */
export const fetchCurrentList = (
  bundle: TcfBundle,
  { visitor, script, language }: { visitor: Visitor | null; script: HTMLOrSVGScriptElement | null; language: string },
  done: (update: TcfListUpdate | null) => void,
): void => {
  const wanted = visitor?.gvlVersion;
  if (!wanted || wanted <= bundle.gvl.vendorListVersion || !bundle.listPath || !(script instanceof HTMLScriptElement) || !script.src) return done(null);
  let finished = false;
  const finish = (update: TcfListUpdate | null): void => {
    if (finished) return;
    finished = true;
    done(update);
  };
  window.setTimeout(() => finish(null), CURRENT_LIST_TIMEOUT_MS);
  try {
    window
      .fetch(new URL(`${bundle.listPath}.${wanted}.${language}.json`, script.src).toString(), { credentials: 'omit' })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
      .then(
        (body) => finish(isUpdate(body) ? body : null),
        () => finish(null),
      );
  } catch {
    finish(null);
  }
};
