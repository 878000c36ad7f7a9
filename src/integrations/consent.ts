/**
 * The admin's own cookie consent (PROD-6, CONST-2): the visitor's choice per category, kept
 * one year in a first-party cookie. `necessary` is always granted and not stored.
 */
export const CONSENT_CATEGORIES = ['necessary', 'functional', 'statistics', 'marketing'] as const;
type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type OptionalCategory = Exclude<ConsentCategory, 'necessary'>;
const OPTIONAL_CATEGORIES: readonly OptionalCategory[] = ['functional', 'statistics', 'marketing'];

export type ConsentChoice = Record<OptionalCategory, boolean>;

export const CONSENT_COOKIE = 'ci_consent';
/** CONST-2: one year. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const ALL_GRANTED: ConsentChoice = { functional: true, statistics: true, marketing: true };
export const NECESSARY_ONLY: ConsentChoice = { functional: false, statistics: false, marketing: false };

const readCookie = (name: string): string | null => {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
};

/** The cookie holds the granted optional categories, e.g. `functional.statistics` (`-` for none). */
export const parseConsent = (value: string | null): ConsentChoice | null => {
  if (value === null) return null;
  const granted = new Set(decodeURIComponent(value).split('.'));
  if (![...granted].every((name) => name === '-' || (OPTIONAL_CATEGORIES as readonly string[]).includes(name))) return null;
  return { functional: granted.has('functional'), statistics: granted.has('statistics'), marketing: granted.has('marketing') };
};

export const serializeConsent = (choice: ConsentChoice): string => OPTIONAL_CATEGORIES.filter((name) => choice[name]).join('.') || '-';

type Listener = (choice: ConsentChoice | null) => void;
const listeners = new Set<Listener>();
let current: ConsentChoice | null = parseConsent(readCookie(CONSENT_COOKIE));
let preferencesOpen = false;
const preferenceListeners = new Set<() => void>();

/** null until the visitor has chosen: nothing optional is allowed then. */
export const getConsent = (): ConsentChoice | null => current;

export const subscribeConsent = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Stores the choice for one year and tells every integration at once (no reload). */
export const saveConsent = (choice: ConsentChoice): void => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choice)}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  current = { ...choice };
  preferencesOpen = false;
  for (const listener of listeners) listener(current);
  for (const listener of preferenceListeners) listener();
};

/** The menu's "Cookie preferences" link reopens the banner with the categories shown. */
export const openConsentPreferences = (): void => {
  preferencesOpen = true;
  for (const listener of preferenceListeners) listener();
};

export const closeConsentPreferences = (): void => {
  preferencesOpen = false;
  for (const listener of preferenceListeners) listener();
};

export const arePreferencesOpen = (): boolean => preferencesOpen;

export const subscribePreferences = (listener: () => void): (() => void) => {
  preferenceListeners.add(listener);
  return () => preferenceListeners.delete(listener);
};
