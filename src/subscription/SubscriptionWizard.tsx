import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { AccessDenied, CanAccess, Loading, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LoadError } from '../components/LoadError';
import { PageLayout } from '../components/PageLayout';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { BillingStep } from './BillingStep';
import { OverviewStep } from './OverviewStep';
import { PaymentStep } from './PaymentStep';
import { SuccessPage } from './SuccessPage';
import { SummaryPanel } from './SummaryPanel';
import { isEntryFromOutside, stepPath, toBillingBody, WIZARD_STEPS, type WizardStep } from './subscriptionModel';
import { billingSchema } from '../schemas/billing';
import { useWizardState, WizardStateProvider } from './WizardState';
import { SubscriptionOverview } from './manage/SubscriptionOverview';
import { PAID_STATUSES } from './paidStatuses';

const STEP_COMPONENTS: Record<WizardStep, () => React.JSX.Element> = {
  overview: OverviewStep,
  billing: BillingStep,
  payment: PaymentStep,
};

/** One step of the wizard with the stepper above and the summary beside it. */
const WizardPage = ({ step }: { step: WizardStep }) => {
  const translate = useTranslate();
  const StepComponent = STEP_COMPONENTS[step];
  return (
    <PageLayout
      width="subscription"
      header={
        <Box>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('subscription.title')}
          </Typography>
          <Stepper activeStep={WIZARD_STEPS.indexOf(step)} aria-label={translate('subscription.steps.label')}>
            {WIZARD_STEPS.map((name, index) => (
              <Step key={name} completed={index < WIZARD_STEPS.indexOf(step)}>
                <StepLabel>{translate(`subscription.steps.${name}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        </Box>
      }
      right={<SummaryPanel />}
    >
      <StepComponent />
    </PageLayout>
  );
};

/**
 * ROUTE-9: billing and payment need the choices made on the steps before, which live in this
 * page's memory: entered from outside the app (typed URL, bookmark, reload of a fresh tab),
 * they send the person to the overview.
 */
const GuardedStep = ({ step }: { step: Exclude<WizardStep, 'overview'> }) => {
  const location = useLocation();
  const { billing, canManage } = useWizardState();
  // ROLE-3: a role that may not subscribe never gets the billing or card forms to fill in.
  if (isEntryFromOutside(location) || !canManage) return <Navigate to={stepPath('overview')} replace />;
  if (step === 'payment' && !billingSchema.safeParse(toBillingBody(billing)).success) return <Navigate to={stepPath('billing')} replace />;
  return <WizardPage step={step} />;
};

/**
 * `/subscription/*`: Overview → Billing → Payment, then Success (PROD-2, ROUTE-9); for a paid
 * subscription its overview instead (PAY-1). A role that may not see the subscription (an
 * agency's client, ROLE-1) gets the access-denied page.
 */
export const SubscriptionWizard = () => (
  <CanAccess resource="subscription" action="list" loading={<Loading />} accessDenied={<AccessDenied />}>
    <Wizard />
  </CanAccess>
);

const Wizard = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({ queryKey: queryKeys.subscription.all, queryFn: () => dataProvider.getSubscription() });
  const manage = useCanAccess({ resource: 'subscription', action: 'edit' });

  if (query.isPending || manage.isPending) return <Loading />;
  if (query.isError) {
    return (
      <PageLayout width="subscription">
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </PageLayout>
    );
  }
  // PAY-1: a paid subscription is managed on its overview (at `/subscription/`) by a role that
  // may manage it; the purchase wizard is for the others (a read-only user sees the plans,
  // ROLE-3). The steps stay mounted when a payment makes the subscription paid, so the payment
  // step still leads on to the success page.
  const paid = PAID_STATUSES.has(query.data.status) && manage.canAccess === true;
  const home = paid ? '/subscription/' : stepPath('overview');
  return (
    <WizardStateProvider subscription={query.data} canManage={manage.canAccess === true}>
      <Routes>
        <Route index element={paid ? <SubscriptionOverview subscription={query.data} /> : <Navigate to={home} replace />} />
        <Route path="overview" element={paid ? <Navigate to={home} replace /> : <WizardPage step="overview" />} />
        <Route path="billing" element={<GuardedStep step="billing" />} />
        <Route path="payment" element={<GuardedStep step="payment" />} />
        <Route path="success" element={<SuccessPage subscription={query.data} />} />
        <Route path="*" element={<Navigate to={home} replace />} />
      </Routes>
    </WizardStateProvider>
  );
};
