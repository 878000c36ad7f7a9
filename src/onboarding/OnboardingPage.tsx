import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { PendingIndicator } from '../components/PendingIndicator';
import type { OnboardingState } from '../schemas/consentRecord';
import { useOnboardingState } from '../hooks/useOnboardingState';

/**
 * ROUTE-5: the first-run guide. Three steps, each linking to the real screen and ticked from
 * the account's data: a public domain exists; a pop-up was published; a visitor decision
 * (a consent record from the installed script) arrived.
 */

interface Step {
  key: 'website' | 'template' | 'install';
  done: boolean;
  /** The screen the step's button opens; null when the role may not do the step (ROLE-3). */
  to: string | null;
}

const stepsOf = (state: OnboardingState, canCreate: boolean): Step[] => {
  const solution = state.consentSolutionId;
  return [
    { key: 'website', done: state.websiteAdded, to: canCreate ? '/consent-solutions/create' : null },
    {
      key: 'template',
      done: state.templatePublished,
      to: solution === null ? '/consent-solutions/' : `/consent-solutions/${solution}/popup/template-gallery/`,
    },
    { key: 'install', done: state.scriptInstalled, to: solution === null ? '/consent-solutions/' : `/consent-solutions/${solution}/installation/` },
  ];
};

export const OnboardingPage = () => {
  const translate = useTranslate();
  const state = useOnboardingState();
  // ROLE-3: a read-only user is not offered a form that ends in Access denied.
  const { canAccess: canCreate = false } = useCanAccess({ resource: 'consent-solutions', action: 'create' });
  const steps = state.data ? stepsOf(state.data, canCreate) : [];
  const done = steps.filter((s) => s.done).length;
  return (
    <PageLayout
      width="form"
      header={
        <>
          <Typography variant="h4" component="h1">
            {translate('onboarding.title')}
          </Typography>
          <Typography color="text.secondary">{translate('onboarding.intro')}</Typography>
        </>
      }
    >
      {state.isPending ? <PendingIndicator /> : null}
      {state.isError ? <Alert severity="error">{translate('error.backend.default_error')}</Alert> : null}
      {state.data ? (
        <Stack spacing={2}>
          <Typography role="status">{translate('onboarding.progress', { done })}</Typography>
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {steps.map((step, index) => (
              <Paper component="li" key={step.key} variant="outlined" sx={{ p: 2 }} data-step={step.key} data-done={String(step.done)}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                  {step.done ? <CheckCircle color="success" aria-hidden /> : <RadioButtonUnchecked color="disabled" aria-hidden />}
                  <Stack spacing={1} sx={{ flex: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="h6" component="h2">
                        {`${index + 1}. ${translate(`onboarding.${step.key}.title`)}`}
                      </Typography>
                      <Chip size="small" color={step.done ? 'success' : 'default'} label={translate(step.done ? 'onboarding.done' : 'onboarding.todo')} />
                    </Stack>
                    <Typography>{translate(`onboarding.${step.key}.body`)}</Typography>
                    {step.to === null ? null : (
                      <div>
                        <Button component={RouterLink} to={step.to} variant={step.done ? 'outlined' : 'contained'}>
                          {translate(`onboarding.${step.key}.action`)}
                        </Button>
                      </div>
                    )}
                  </Stack>
                </Stack>
              </Paper>
            ))}
          </Stack>
          {done === steps.length ? (
            <Alert
              severity="success"
              action={
                <Button component={RouterLink} to="/compliance-dashboard/" color="inherit">
                  {translate('onboarding.open_dashboard')}
                </Button>
              }
            >
              {translate('onboarding.all_done')}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </PageLayout>
  );
};
