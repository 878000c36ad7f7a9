import type { Operation } from '../../src/shared/permissions';

/**
 * ROLE-3: what every route of the dev API needs (docs/api.md). The permission-matrix test
 * (dev-server/test/permissionMatrix.test.ts) reads the routes from the express router and
 * fails for a route missing here, then calls each one as every role, on the own account,
 * another account and a nonexistent id, and compares the answer with `can()` of the matrix.
 *
 * - `public`: no session (login, recovery, dev helpers).
 * - `operation`: the matrix operation the route performs.
 * - `item`: the `:id` names a row of this store collection, owned through `accountId`
 *   (another account's row answers 404, as a missing one).
 * - `accountParam`: the route names its target account in the URL (`:id` of /accounts,
 *   `:accountId` of /subscriptions); an account the caller may not read answers 404.
 * - `hidden`: a refused role gets 404 (the route is hidden from it), not 403.
 * - `params`: example values of the other `:params`; `query`: a query string the route needs.
 *
 * Routes registered with `router.all` (405 fallbacks) need no entry.
 */
export type EndpointRule =
  { public: true } | { operation: Operation; item?: string; accountParam?: boolean; hidden?: boolean; params?: Record<string, string>; query?: string };

const CS = 'consentSolutions';

export const ENDPOINTS: Record<string, EndpointRule> = {
  'POST /login_check': { public: true },
  'POST /logout': { public: true },
  'POST /lost-password/send-email': { public: true },
  'POST /lost-password/reset/:token': { public: true },
  'GET /dev/outbox': { public: true },
  'GET /dev/clock': { public: true },
  'POST /dev/clock': { public: true },
  // The published banner script: customers' sites load it without credentials.
  'GET /cdn/:csId/banner.js': { public: true },
  // STD-8: the same with the UI of the visitor's language inside, which the async snippet loads.
  'GET /cdn/:csId/banner-full.js': { public: true },
  // PROMISE-5: the one installation snippet's script.
  'GET /cdn/:csId/loader.js': { public: true },
  // STD-11, STD-13, STD-15: the current vendor list's files, the GPP module, the GPC support resource.
  'GET /cdn/:csId/gvl/:file': { public: true },
  'GET /cdn/:csId/gpp/:file': { public: true },
  'GET /cdn/:csId/.well-known/gpc.json': { public: true },
  // STD-8: the banner's UI in one language, which that script loads.
  'GET /cdn/:csId/ui/:file': { public: true },
  // TCF-1: the IAB stub a TCF site loads before every other script.
  'GET /cdn/tcf-stub.js': { public: true },
  // STD-5: the embeddable cookie declaration, published with the banner.
  'GET /cdn/:csId/declaration.js': { public: true },
  // Consent records sent by published banners (any origin; the solution's domains only).
  'OPTIONS /consent/:csId/records': { public: true },
  'POST /consent/:csId/records': { public: true },
  'OPTIONS /consent/:csId/shared': { public: true },
  'GET /consent/:csId/shared': { public: true },

  'GET /accounts': { operation: 'accounts.list', hidden: true },
  'POST /accounts': { operation: 'accounts.create' },
  'GET /accounts/:id': { operation: 'account.read', accountParam: true },
  'PATCH /accounts/:id': { operation: 'account.edit', accountParam: true },
  'DELETE /accounts/:id': { operation: 'accounts.delete', accountParam: true },

  'GET /consent-solutions': { operation: 'consentSolutions.read' },
  'POST /consent-solutions': { operation: 'consentSolutions.write' },
  'GET /consent-solutions/:id': { operation: 'consentSolutions.read', item: CS },
  'PATCH /consent-solutions/:id': { operation: 'consentSolutions.write', item: CS },
  'PUT /consent-solutions/:id': { operation: 'consentSolutions.write', item: CS },
  'DELETE /consent-solutions/:id': { operation: 'consentSolutions.write', item: CS },
  'POST /consent-solutions/:id/push-for-consent': { operation: 'consentSolutions.write', item: CS },
  'GET /consent-solutions/:id/standards': { operation: 'consentSolutions.read', item: CS },
  'PUT /consent-solutions/:id/standards': { operation: 'consentSolutions.write', item: CS },

  'GET /domains': { operation: 'domains.read' },
  'POST /domains': { operation: 'domains.write' },
  'GET /domains/:id': { operation: 'domains.read', item: 'domains' },
  'PATCH /domains/:id': { operation: 'domains.write', item: 'domains' },
  'PUT /domains/:id': { operation: 'domains.write', item: 'domains' },
  'DELETE /domains/:id': { operation: 'domains.delete', item: 'domains' },
  // DEPLOY-4: proof of control of a domain, and a new token for an unproved claim.
  'POST /domains/:id/verify': { operation: 'domains.write', item: 'domains' },
  'POST /domains/:id/verification-token': { operation: 'domains.write', item: 'domains' },

  'GET /translations': { operation: 'consentSolutions.read' },
  'GET /translations/:id': { operation: 'consentSolutions.read', item: 'translations' },
  'PATCH /translations/:id': { operation: 'consentSolutions.write', item: 'translations' },
  'PUT /translations/:id': { operation: 'consentSolutions.write', item: 'translations' },
  'DELETE /translations/:id': { operation: 'consentSolutions.write', item: 'translations' },
  'GET /consent-solutions/:id/translations': { operation: 'consentSolutions.read', item: CS },
  'GET /consent-solutions/:id/translations/completeness': { operation: 'consentSolutions.read', item: CS },
  'GET /consent-solutions/:id/translations/export': { operation: 'consentSolutions.read', item: CS },
  'POST /consent-solutions/:id/translations/import': { operation: 'consentSolutions.write', item: CS },
  'GET /consent-solutions/:id/translations/:language': { operation: 'consentSolutions.read', item: CS, params: { language: 'en' } },
  'PUT /consent-solutions/:id/translations/:language/:group': {
    operation: 'consentSolutions.write',
    item: CS,
    params: { language: 'en', group: 'popup' },
  },
  'POST /consent-solutions/:id/translations/:language/reset': { operation: 'consentSolutions.write', item: CS, params: { language: 'en' } },

  'GET /cookies': { operation: 'consentSolutions.read' },
  'POST /cookies': { operation: 'consentSolutions.write' },
  'GET /cookies/:id': { operation: 'consentSolutions.read', item: 'cookies' },
  'PATCH /cookies/:id': { operation: 'consentSolutions.write', item: 'cookies' },
  'PUT /cookies/:id': { operation: 'consentSolutions.write', item: 'cookies' },
  'DELETE /cookies/:id': { operation: 'consentSolutions.write', item: 'cookies' },
  'GET /consent-solutions/:id/cookies/export': { operation: 'consentSolutions.read', item: CS },
  'POST /consent-solutions/:id/cookies/import': { operation: 'consentSolutions.write', item: CS },

  // Pop-up templates: an account's own (consent-solution rights) and the gallery's global ones
  // (ROLE_ADMIN: global.write / global.remove, checked on the row). The walk uses account rows.
  'GET /popup-templates': { operation: 'consentSolutions.read' },
  'POST /popup-templates': { operation: 'consentSolutions.write' },
  'GET /popup-templates/:id': { operation: 'consentSolutions.read', item: 'popupTemplates' },
  'PUT /popup-templates/:id': { operation: 'consentSolutions.write', item: 'popupTemplates' },
  'PATCH /popup-templates/:id': { operation: 'consentSolutions.write', item: 'popupTemplates' },
  'DELETE /popup-templates/:id': { operation: 'consentSolutions.write', item: 'popupTemplates' },
  'GET /popup-templates/:id/versions': { operation: 'consentSolutions.read', item: 'popupTemplates' },
  'GET /popup-templates/:id/versions/:version': { operation: 'consentSolutions.read', item: 'popupTemplates', params: { version: '1' } },
  'GET /popup-templates/:id/diff': { operation: 'consentSolutions.read', item: 'popupTemplates', query: 'from=1&to=1' },
  'POST /popup-templates/:id/versions/:version/restore': { operation: 'consentSolutions.write', item: 'popupTemplates', params: { version: '1' } },
  'GET /consent-solutions/:id/popup': { operation: 'consentSolutions.read', item: CS },
  'PUT /consent-solutions/:id/popup': { operation: 'consentSolutions.write', item: CS },
  'PATCH /consent-solutions/:id/popup': { operation: 'consentSolutions.write', item: CS },
  'GET /consent-solutions/:id/popup/content': { operation: 'consentSolutions.read', item: CS },
  'GET /consent-solutions/:id/publications': { operation: 'consentSolutions.read', item: CS },
  'POST /consent-solutions/:id/publish': { operation: 'consentSolutions.write', item: CS },
  // PROMISE-4: what the live banner lacks of what the admin shows.
  'GET /consent-solutions/:id/publish-status': { operation: 'consentSolutions.read', item: CS },
  // TCF-3 / TCF-4: the Global Vendor List, and a solution's TCF settings.
  'GET /tcf/vendor-list': { operation: 'consentSolutions.read' },
  'GET /tcf/vendors': { operation: 'consentSolutions.read' },
  // STD-14: Google's Additional Consent providers to choose from.
  'GET /tcf/ac-providers': { operation: 'consentSolutions.read' },
  'GET /consent-solutions/:id/tcf': { operation: 'consentSolutions.read', item: CS },
  'PUT /consent-solutions/:id/tcf': { operation: 'consentSolutions.write', item: CS },

  'GET /pricing': { operation: 'pricing.read' },
  'POST /pricing/quote': { operation: 'pricing.read' },

  'GET /subscriptions': { operation: 'subscription.read' },
  'GET /subscriptions/:accountId(\\d+)': { operation: 'subscription.read', accountParam: true },
  'POST /subscriptions/quote': { operation: 'subscription.read' },
  'POST /subscriptions/:accountId(\\d+)/quote': { operation: 'subscription.read', accountParam: true },
  'POST /subscriptions': { operation: 'subscription.manage' },
  'POST /subscriptions/:accountId(\\d+)': { operation: 'subscription.manage', accountParam: true },
  'DELETE /subscriptions': { operation: 'subscription.manage' },
  'DELETE /subscriptions/:accountId(\\d+)': { operation: 'subscription.manage', accountParam: true },
  'POST /subscriptions/preview': { operation: 'subscription.read' },
  'POST /subscriptions/:accountId(\\d+)/preview': { operation: 'subscription.read', accountParam: true },
  'PUT /subscriptions/card': { operation: 'subscription.manage' },
  'PUT /subscriptions/:accountId(\\d+)/card': { operation: 'subscription.manage', accountParam: true },
  'GET /invoices': { operation: 'subscription.read' },
  'GET /invoices/:id': { operation: 'subscription.read', item: 'invoices' },
  'GET /invoices/:id/document': { operation: 'subscription.read', item: 'invoices' },

  'GET /teammates': { operation: 'teammates.read' },
  'POST /teammates': { operation: 'teammates.invite' },
  'GET /teammates/:id': { operation: 'teammates.read', item: 'users' },
  'DELETE /teammates/:id': { operation: 'teammates.delete', item: 'users' },

  'GET /audit-log': { operation: 'audit.read' },

  // BEYOND-4 / BEYOND-8: the cookie scanner, its triage inbox and the installation health check.
  'GET /scanner/status': { operation: 'domains.read' },
  'POST /domains/:id/scans': { operation: 'domains.write', item: 'domains' },
  'GET /domains/:id/scans': { operation: 'domains.read', item: 'domains' },
  'GET /domains/:id/scans/latest': { operation: 'domains.read', item: 'domains' },
  // SCAN-7: stops the domain's waiting or running scan (409 when there is none).
  'POST /domains/:id/scans/cancel': { operation: 'domains.write', item: 'domains' },
  'GET /consent-solutions/:id/scans': { operation: 'domains.read', item: CS },
  'POST /domains/:id/health-check': { operation: 'domains.write', item: 'domains' },
  'GET /domains/:id/health-check': { operation: 'domains.read', item: 'domains' },
  'GET /consent-solutions/:id/health-checks': { operation: 'domains.read', item: CS },
  'GET /consent-solutions/:id/triage': { operation: 'consentSolutions.read', item: CS },
  'POST /consent-solutions/:id/triage/accept': { operation: 'consentSolutions.write', item: CS },
  'POST /consent-solutions/:id/triage/dismiss': { operation: 'consentSolutions.write', item: CS },

  'GET /consent-records': { operation: 'consentSolutions.read' },
  'GET /consent-records/export': { operation: 'consentSolutions.read' },
  'GET /consent-records/:id': { operation: 'consentSolutions.read', item: 'consentRecords' },
  'GET /consent-records/:id/export': { operation: 'consentSolutions.read', item: 'consentRecords' },
  'GET /consent-retention': { operation: 'account.read' },
  'PUT /consent-retention': { operation: 'account.edit' },
  'GET /reports/embed': { operation: 'reports.read' },
  'GET /reports/compliance': { operation: 'reports.read' },
  'GET /reports/onboarding': { operation: 'consentSolutions.read' },
};
