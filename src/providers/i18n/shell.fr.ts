import type { shellEn } from './shell.en';
import type { Catalogue } from './catalogue';

export const shellFr = {
  nav: {
    consent_solutions: 'Solutions de consentement',
    mobile_consent_solutions: 'Solutions de consentement mobiles',
    compliance_dashboard: 'Tableau de conformité',
    teammates: 'Coéquipiers',
  },
} satisfies Catalogue<typeof shellEn>;
