/** Messages of the admin's own cookie consent (PROD-6, CONST-2). */
export const integrationsEn = {
  integrations: {
    consent: {
      title: 'Cookies on this admin',
      description:
        'We use necessary cookies to keep you signed in. With your consent we also use functional cookies (the support chat), statistics cookies (session recording and analytics) and marketing cookies. Your choice is kept for one year.',
      accept_all: 'Accept all cookies',
      necessary_only: 'Necessary cookies only',
      customize: 'Choose cookies',
      save: 'Save my choice',
      close: 'Close',
      categories_label: 'Cookie categories',
      preferences_link: 'Cookie preferences',
      categories: {
        necessary: { label: 'Necessary', description: 'Sign-in and security. Always on.' },
        functional: { label: 'Functional', description: 'The support chat widget.' },
        statistics: { label: 'Statistics', description: 'Session recording and usage analytics.' },
        marketing: { label: 'Marketing', description: 'Measuring our campaigns.' },
      },
    },
  },
};
