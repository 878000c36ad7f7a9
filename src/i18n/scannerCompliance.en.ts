/** SCAN-4: the scanner's compliance findings in the triage inbox (their own block beside scanner.en.ts). */
export const scannerComplianceEn = {
  scanner: {
    kinds: {
      cookie_without_consent: 'Cookie without consent',
      storage_without_consent: 'Storage without consent',
      request_without_consent: 'Third-party request without consent',
      state_unreached: 'Consent choice not found',
    },
    compliance: {
      states: {
        before: 'Before consent',
        reject: 'After “reject all”',
        gpc: 'With Global Privacy Control',
        accept: 'After “accept all”',
      },
      storage: {
        local_storage: 'localStorage',
        session_storage: 'sessionStorage',
        indexed_db: 'IndexedDB',
      },
      pages: 'Pages: {{pages}}',
      unreached: 'The scanner could not make this choice on the site',
      dashboard_series: 'Found without consent',
    },
  },
};
