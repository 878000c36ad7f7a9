/**
 * SCAN-4: the names consent managers commonly give their "reject all" and "accept all" buttons,
 * per language, to find them by accessible name on a site whose consent manager is not ours. The
 * whole name must match (ignoring case and surrounding space), so an unrelated "Accept" deeper in
 * a page is not mistaken for one only because it contains the word.
 */

type Decision = 'reject' | 'accept';

const NAMES: Readonly<Record<string, Readonly<Record<Decision, readonly string[]>>>> = {
  en: {
    reject: [
      'Reject all',
      'Reject all cookies',
      'Reject',
      'Decline all',
      'Decline',
      'Refuse all',
      'Deny',
      'Deny all',
      'Only necessary',
      'Necessary only',
      'Only essential',
      'Essential only',
      'Continue without accepting',
    ],
    accept: [
      'Accept all',
      'Accept all cookies',
      'Accept',
      'Accept cookies',
      'Allow all',
      'Allow all cookies',
      'Allow cookies',
      'Agree',
      'I agree',
      'Agree and close',
      'Got it',
      'OK',
    ],
  },
  fr: {
    reject: ['Tout refuser', 'Refuser tout', 'Refuser', 'Refuser les cookies', 'Continuer sans accepter', 'Uniquement les cookies nécessaires'],
    accept: ['Tout accepter', 'Accepter tout', 'Accepter', 'Accepter les cookies', "J'accepte", 'Autoriser tous les cookies', 'Accepter et fermer'],
  },
  de: {
    reject: ['Alle ablehnen', 'Ablehnen', 'Nur notwendige', 'Nur notwendige Cookies', 'Nur erforderliche Cookies'],
    accept: ['Alle akzeptieren', 'Akzeptieren', 'Alle zulassen', 'Alle Cookies akzeptieren', 'Zustimmen', 'Einverstanden', 'Alle annehmen'],
  },
  es: {
    reject: ['Rechazar todo', 'Rechazar todas', 'Rechazar', 'Solo necesarias'],
    accept: ['Aceptar todo', 'Aceptar todas', 'Aceptar', 'Aceptar cookies', 'Acepto'],
  },
  it: {
    reject: ['Rifiuta tutto', 'Rifiuta tutti', 'Rifiuta', 'Solo necessari'],
    accept: ['Accetta tutto', 'Accetta tutti', 'Accetta', 'Accetto'],
  },
  nl: {
    reject: ['Alles weigeren', 'Alle weigeren', 'Weigeren', 'Alleen noodzakelijke'],
    accept: ['Alles accepteren', 'Alle accepteren', 'Accepteren', 'Akkoord', 'Alles toestaan'],
  },
  pt: {
    reject: ['Rejeitar tudo', 'Rejeitar todos', 'Rejeitar', 'Recusar'],
    accept: ['Aceitar tudo', 'Aceitar todos', 'Aceitar', 'Concordo'],
  },
  pl: {
    reject: ['Odrzuć wszystko', 'Odrzuć wszystkie', 'Odrzuć'],
    accept: ['Zaakceptuj wszystko', 'Akceptuj wszystkie', 'Akceptuję', 'Zgadzam się'],
  },
};

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]");

/**
 * The accessible names to try for a decision on a page in `language` (its `<html lang>`): that
 * language's and English; every language's when the page names none we know.
 */
export const consentButtonPattern = (decision: Decision, language: string): RegExp => {
  const primary = language.trim().toLowerCase().split('-')[0] ?? '';
  const languages = primary in NAMES ? [...new Set([primary, 'en'])] : Object.keys(NAMES);
  const names = languages.flatMap((code) => NAMES[code]?.[decision] ?? []);
  return new RegExp(`^\\s*(?:${names.map(escape).join('|')})\\s*$`, 'i');
};
