import type { Feature } from './context/feature';
import { accountsFeature } from './routes/accounts';
import { auditLogFeature } from './routes/audit';
import { cdnFeature } from './routes/cdn';
import { consentRecordsFeature } from './routes/consentRecords';
import { consentRetentionFeature } from './routes/consentRetention';
import { consentSolutionsFeature } from './routes/consentSolutions';
import { cookiesFeature } from './routes/cookies';
import { devFeature } from './routes/dev';
import { domainsFeature } from './routes/domains';
import { domainVerificationFeature } from './routes/domainVerification';
import { healthChecksFeature } from './routes/healthChecks';
import { invoicesFeature } from './routes/invoices';
import { lostPasswordFeature } from './routes/lostPassword';
import { pricingFeature } from './routes/pricing';
import { privacyStandardsFeature } from './routes/privacyStandards';
import { publishingFeature } from './routes/publishing';
import { reportsFeature } from './routes/reports';
import { scansFeature } from './routes/scans';
import { sessionFeature } from './routes/session';
import { subscriptionsFeature } from './routes/subscriptions';
import { tcfFeature } from './routes/tcf';
import { teammatesFeature } from './routes/teammates';
import { templatesFeature } from './routes/templates';
import { translationsFeature } from './routes/translations';
import { triageFeature } from './routes/triage';

/**
 * Every feature of the dev API, in mount order: createServer mounts each group of routes
 * (cross-origin, public, the app's) in this order, so where two features could answer the same
 * path the one listed first does. A new feature is a module in routes/ and one line here.
 */
export const features: readonly Feature[] = [
  cdnFeature,
  sessionFeature,
  lostPasswordFeature,
  privacyStandardsFeature,
  accountsFeature,
  consentSolutionsFeature,
  domainsFeature,
  domainVerificationFeature,
  translationsFeature,
  cookiesFeature,
  templatesFeature,
  publishingFeature,
  tcfFeature,
  pricingFeature,
  subscriptionsFeature,
  invoicesFeature,
  teammatesFeature,
  auditLogFeature,
  scansFeature,
  healthChecksFeature,
  triageFeature,
  consentRecordsFeature,
  consentRetentionFeature,
  reportsFeature,
  devFeature,
];
