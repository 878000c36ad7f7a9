import { describe, expect, it } from 'vitest';
import { consentButtonPattern } from './consentButtons';

describe('consent buttons by accessible name', () => {
  it('[SCAN-4] knows the page’s language and English, whole names only, typographic apostrophes too', () => {
    const reject = consentButtonPattern('reject', 'fr-FR');
    expect(reject.test('Tout refuser')).toBe(true);
    expect(reject.test('  TOUT REFUSER ')).toBe(true);
    expect(reject.test('Reject all')).toBe(true);
    // Another language's name, and a longer name that only contains one, are not the button.
    expect(reject.test('Alle ablehnen')).toBe(false);
    expect(reject.test('Refuser la livraison express')).toBe(false);
    expect(reject.test('Tout accepter')).toBe(false);
    const accept = consentButtonPattern('accept', 'fr');
    expect(accept.test("J'accepte")).toBe(true);
    expect(accept.test('J’accepte')).toBe(true);
  });

  it('[SCAN-4] tries every language it knows when the page names none of them', () => {
    for (const language of ['', 'ja', 'x-klingon']) {
      const accept = consentButtonPattern('accept', language);
      expect(['Alle akzeptieren', 'Aceptar todo', 'Accept all', 'Zaakceptuj wszystko'].every((name) => accept.test(name))).toBe(true);
    }
  });
});
