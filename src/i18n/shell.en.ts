/** Messages of the admin shell: navigation, banners, fallbacks, shared pieces. */
export const shellEn = {
  nav: {
    consent_solutions: 'Consent Solutions',
    mobile_consent_solutions: 'Mobile Consent Solutions',
    compliance_dashboard: 'Compliance Dashboard',
    teammates: 'Teammates',
    billing: 'Billing',
    main: 'Main navigation',
  },
  shell: {
    logout: 'Log out',
    subscribe: 'Subscribe',
    banner: {
      // The day count is rendered before these texts, so no interpolation syntax is needed.
      trial_day_left: 'day left in your trial',
      trial_days_left: 'days left in your trial',
      trial_expired: 'Your trial has expired. Subscribe to keep your consent solutions running.',
      inactive: 'Your subscription is inactive. Subscribe to reactivate your consent solutions.',
      waiting_for_payment: 'Your subscription is waiting for payment.',
    },
    pages: {
      onboarding: 'Onboarding',
      subscription: 'Subscription',
    },
    not_found: {
      title: 'Not Found',
      description: 'The page you are looking for does not exist or has moved.',
      home: 'Go to the home page',
    },
    error: {
      title: 'Something went wrong!',
      description: 'An unexpected error stopped this page. Try again, or go back to the home page.',
      show: 'Show Error',
      hide: 'Hide Error',
      unknown: 'Unknown error',
      home: 'Go to the home page',
    },
    under_development: {
      title: 'View under development',
      description: 'This view is still being built. In the meantime, you can use it in the old dashboard.',
      open_old_dashboard: 'Open the old dashboard',
    },
    pending: 'Loading…',
    status: {
      success: 'Ready',
      almostReady: 'Almost ready',
      pending: 'Pending',
      error: 'Error',
    },
    empty_state: {
      pending: 'In progress',
      error: 'Error',
    },
  },
};
