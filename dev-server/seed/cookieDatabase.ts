import type { CookieCategory } from '../../src/schemas/cookie';

/**
 * BEYOND-4: a small database of common trackers, used to suggest a category for a cookie the
 * scanner finds that the solution's cookie list does not have yet. Names are exact, or patterns
 * for families of names (`_hjSessionUser_1234`, `_ga_ABC123`). Unknown names stay unclassified.
 */
interface KnownCookie {
  /** Exact name, or a pattern tested against the whole name. */
  name: string | RegExp;
  category: CookieCategory;
  /** Who processes the data (statistics and marketing cookies need one, ENT-7). */
  dataProcessor: { name: string; privacyPolicyUrl: string } | null;
  /** English purpose, used as the cookie's purpose when a finding is accepted. */
  purpose: string;
}

const GOOGLE = { name: 'Google', privacyPolicyUrl: 'https://policies.google.com/privacy' };
const META = { name: 'Meta', privacyPolicyUrl: 'https://www.facebook.com/privacy/policy/' };
const HUBSPOT = { name: 'HubSpot', privacyPolicyUrl: 'https://legal.hubspot.com/privacy-policy' };
const HOTJAR = { name: 'Hotjar', privacyPolicyUrl: 'https://www.hotjar.com/legal/policies/privacy/' };
const MICROSOFT = { name: 'Microsoft', privacyPolicyUrl: 'https://privacy.microsoft.com/privacystatement' };
const LINKEDIN = { name: 'LinkedIn', privacyPolicyUrl: 'https://www.linkedin.com/legal/privacy-policy' };

const COOKIE_DATABASE: readonly KnownCookie[] = [
  { name: '_ga', category: 'statistics', dataProcessor: GOOGLE, purpose: 'Google Analytics: distinguishes visitors.' },
  { name: /^_ga_[A-Za-z0-9]+$/, category: 'statistics', dataProcessor: GOOGLE, purpose: 'Google Analytics 4: keeps the session state.' },
  { name: '_gid', category: 'statistics', dataProcessor: GOOGLE, purpose: 'Google Analytics: distinguishes visitors for 24 hours.' },
  { name: /^_gat(_.*)?$/, category: 'statistics', dataProcessor: GOOGLE, purpose: 'Google Analytics: throttles the request rate.' },
  { name: '_gcl_au', category: 'marketing', dataProcessor: GOOGLE, purpose: 'Google Ads: measures ad conversions.' },
  { name: 'IDE', category: 'marketing', dataProcessor: GOOGLE, purpose: 'Google DoubleClick: shows and measures targeted ads.' },
  { name: 'test_cookie', category: 'marketing', dataProcessor: GOOGLE, purpose: 'Google DoubleClick: checks whether the browser accepts cookies.' },
  { name: 'NID', category: 'marketing', dataProcessor: GOOGLE, purpose: 'Google: remembers preferences and shows ads.' },
  { name: '_fbp', category: 'marketing', dataProcessor: META, purpose: 'Meta Pixel: delivers and measures ads.' },
  { name: 'fr', category: 'marketing', dataProcessor: META, purpose: 'Meta: delivers and measures ads.' },
  { name: 'hubspotutk', category: 'marketing', dataProcessor: HUBSPOT, purpose: 'HubSpot: tracks a visitor’s identity.' },
  { name: '__hstc', category: 'marketing', dataProcessor: HUBSPOT, purpose: 'HubSpot: tracks visitors across sessions.' },
  { name: '__hssc', category: 'marketing', dataProcessor: HUBSPOT, purpose: 'HubSpot: tracks sessions.' },
  { name: '__hssrc', category: 'marketing', dataProcessor: HUBSPOT, purpose: 'HubSpot: tells when the browser restarted.' },
  { name: /^_hjSessionUser_\d+$/, category: 'statistics', dataProcessor: HOTJAR, purpose: 'Hotjar: identifies a returning visitor.' },
  { name: /^_hjSession_\d+$/, category: 'statistics', dataProcessor: HOTJAR, purpose: 'Hotjar: keeps the current session.' },
  { name: /^_hj.+/, category: 'statistics', dataProcessor: HOTJAR, purpose: 'Hotjar: session analytics.' },
  { name: '_clck', category: 'statistics', dataProcessor: MICROSOFT, purpose: 'Microsoft Clarity: identifies a visitor.' },
  { name: '_clsk', category: 'statistics', dataProcessor: MICROSOFT, purpose: 'Microsoft Clarity: groups page views into a session.' },
  { name: '_uetsid', category: 'marketing', dataProcessor: MICROSOFT, purpose: 'Microsoft Advertising: measures conversions.' },
  { name: 'bcookie', category: 'marketing', dataProcessor: LINKEDIN, purpose: 'LinkedIn: identifies the browser.' },
  { name: 'PHPSESSID', category: 'necessary', dataProcessor: null, purpose: 'Keeps the visitor’s session on the site.' },
  { name: 'JSESSIONID', category: 'necessary', dataProcessor: null, purpose: 'Keeps the visitor’s session on the site.' },
  { name: 'ASP.NET_SessionId', category: 'necessary', dataProcessor: null, purpose: 'Keeps the visitor’s session on the site.' },
  {
    name: /^(session|sessionid|connect\.sid|laravel_session)$/i,
    category: 'necessary',
    dataProcessor: null,
    purpose: 'Keeps the visitor’s session on the site.',
  },
  { name: /^(csrftoken|XSRF-TOKEN|__Host-csrf)$/, category: 'necessary', dataProcessor: null, purpose: 'Protects forms against cross-site request forgery.' },
  { name: /^wp-settings(-time)?-\d+$/, category: 'functional', dataProcessor: null, purpose: 'WordPress: remembers the user’s settings.' },
  { name: /^cm_consent_\d+$/, category: 'necessary', dataProcessor: null, purpose: 'Stores the visitor’s cookie consent.' },
];

/** The database entry for a cookie name, if any. */
export const lookupCookie = (name: string): KnownCookie | undefined =>
  COOKIE_DATABASE.find((entry) => (typeof entry.name === 'string' ? entry.name === name : entry.name.test(name)));

/** The category the database suggests, `unclassified` for unknown names. */
export const suggestCategory = (name: string): CookieCategory => lookupCookie(name)?.category ?? 'unclassified';
