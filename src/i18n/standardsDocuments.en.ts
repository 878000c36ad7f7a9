/**
 * English texts of the standards as their own documents define them (STD-13, STD-14): the IAB
 * GPP settings, Google's Additional Consent providers in the TCF tab, and what a consent record
 * carries for them in the proof of consent.
 */
export const standardsDocumentsEn = {
  cs: {
    standards: {
      gpp: {
        title: 'IAB Global Privacy Platform (GPP)',
        help: 'The signal US advertising technology reads: __gpp on your pages, with the section of the visitor’s law. US sections need the regional rules above (the visitor’s country and, from your CDN, their state).',
        enabled: 'Provide the IAB GPP (__gpp)',
        us_approach: 'US visitors',
        approach_state: 'The section of the visitor’s state where it has its own privacy law (California, Virginia, Colorado…), the national section elsewhere',
        approach_national: 'The US national section (usnat) for every US visitor',
        tcf_eu: 'With the IAB TCF on, the TCF section (tcfeuv2) for visitors GDPR applies to',
        mspa_covered: 'I signed the IAB Multi-State Privacy Agreement (MSPA) and these are covered transactions',
        mspa_mode: 'MSPA mode',
        'mspa_opt-out': 'Opt-out option mode',
        'mspa_service-provider': 'Service provider mode',
      },
    },
  },
  tcf: {
    ac: {
      title: 'Google’s Additional Consent',
      intro:
        'Google ad technology providers that are not on the IAB’s Global Vendor List. The banner lists the ones you choose and sends the visitor’s choice in the AC string (addtl_consent) beside the TC string.',
      chosen: '{{count}} providers chosen',
      search: 'Search providers by name or id',
      select: 'Choose {{name}}',
      name: 'Provider',
      policy: 'Privacy policy',
      empty: 'No provider matches this search.',
      pagination: 'Provider pages',
    },
  },
  proof: {
    standards: {
      gpc: 'Global Privacy Control signal',
      regionRule: 'Regional rule applied',
      tcString: 'TC string (IAB TCF)',
      gppString: 'GPP string (IAB GPP)',
      gppSid: 'GPP sections in force',
      acString: 'AC string (Google’s Additional Consent)',
      yes: 'Yes',
      no: 'No',
    },
  },
};
