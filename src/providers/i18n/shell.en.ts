/** Messages of the admin shell: navigation, banners, fallbacks, shared pieces. */
export const shellEn = {
  nav: {
    consent_solutions: 'Consent Solutions',
    mobile_consent_solutions: 'Mobile Consent Solutions',
    compliance_dashboard: 'Compliance Dashboard',
    teammates: 'Teammates',
  },
};
