import type en from '../texts/en.json';

/** The contract between publishing and the cookie declaration's runtime (STD-5). */

/** The six cookie-policy texts of the solution's translations. */
export interface CookiePolicyTexts {
  cookiesOverview: string;
  cookieDeclarationText: string;
  domainListExplanation: string;
  noScanPerformed: string;
  lastUpdated: string;
  serviceRole: string;
}

/** The declaration's labels in one language: English's keys (I18N-1). */
export type DeclarationLabels = (typeof en)['declaration'];

/** One cookie as a table row: name, domain, purpose, expiry, type, service (processor). */
export type DeclarationCookie = [string, string, string, string, string, string];

export interface DeclarationCategory {
  id: string;
  name: string;
  description: string;
  cookies: DeclarationCookie[];
}

export interface DeclarationLanguage {
  texts: CookiePolicyTexts;
  labels: DeclarationLabels;
  categories: DeclarationCategory[];
}

export interface DeclarationData {
  consentSolutionId: number;
  consentVersion: number;
  defaultLanguage: string;
  /** ISO date of the newest scan, or null when none ran. */
  lastScanAt: string | null;
  domains: string[];
  languages: Record<string, DeclarationLanguage>;
}
