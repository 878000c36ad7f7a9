/** What a status chip means, for its tooltip and screen readers. */
export const statusHelpEn = {
  status_help: {
    domain: {
      active: 'Scanned: the last scan of this domain succeeded and its cookies are up to date.',
      pending: 'Not scanned yet: the first scan has not run. Use "Scan now" or wait for the scan schedule.',
      error: 'The last scan failed: the site could not be crawled. Open the domain for the reason, then scan again.',
    },
  },
};
