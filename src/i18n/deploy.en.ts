/** Domain ownership (DEPLOY-4) and the provider's staff shown unnamed to customers (DEPLOY-6). */
export const deployEn = {
  deploy: {
    provider: 'Provider',
    verification: {
      title: 'Proof of control',
      status: {
        pending: 'Not verified yet',
        verified: 'Verified',
        expired: 'Claim expired',
      },
      pending_help:
        'Until you prove that you control this domain, it is neither scanned nor billed, and it does not stop anyone else from adding it. Publish the token below in one of these two ways, then choose Verify now. This claim expires on {{date}}.',
      expired_help: 'This claim expired before its control was proved. Ask for a new token, publish it and verify again.',
      verified_help: 'Verified on {{date}} by {{method}}.',
      method: { dns: 'a DNS TXT record', file: 'a file on the website' },
      token: 'Token',
      dns_title: 'Option 1: a DNS TXT record',
      dns_help: 'Add a TXT record named {{name}} whose value is the token.',
      file_title: 'Option 2: a file on the website',
      file_help: 'Serve the token as the content of {{url}}.',
      last_check: 'Last check on {{date}} found:',
      verify_now: 'Verify now',
      new_token: 'New token',
      verified_notice: 'The domain is verified.',
      verify_error: 'The domain could not be verified.',
      token_error: 'A new token could not be issued.',
    },
  },
};
