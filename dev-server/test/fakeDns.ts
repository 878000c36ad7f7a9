import type { Resolver } from '../verification/proofs';

/**
 * DEPLOY-4: the DNS a test server resolves with: TXT records the test sets, and every host name
 * on 127.0.0.1 (as the scanner's Chromium maps them). Nothing leaves this machine.
 */
export interface FakeDns extends Resolver {
  /** TXT records by name: `_consent-verification.<domain>` → its values. */
  txt: Map<string, string[]>;
}

export const fakeDns = (): FakeDns => {
  const txt = new Map<string, string[]>();
  return {
    txt,
    resolveTxt: async (name) => {
      const values = txt.get(name);
      if (!values) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return values.map((value) => [value]);
    },
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
  };
};
