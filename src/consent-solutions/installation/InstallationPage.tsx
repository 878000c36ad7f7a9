import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { env } from '../../config/env';
import { useOnboardingState } from '../../hooks/useOnboardingState';
import { usePopupState } from '../popup/usePopupState';
import { HealthCheckPanel } from './HealthCheckPanel';
import { TcfInstallationNote } from './TcfInstallationNote';
import { ScriptSnippet } from './ScriptSnippet';
import {
  declarationTag,
  GUIDE_STEP_COUNTS,
  INSTALLATION_GUIDES,
  installationSnippet,
  NEXT_STEP_GUIDE_KEYS,
  nextSteps,
  type InstallationGuide,
} from './installationModel';
import { useRenderedLater } from '../../hooks/useRenderedLater';

/** What this page needs of a consent solution (the record of the detail page). */
interface InstallableSolution {
  id: Identifier;
  domains?: readonly unknown[] | null;
}

const Guide = ({ guide }: { guide: InstallationGuide }) => {
  const translate = useTranslate();
  const key = `cs.installation.guides.${guide}`;
  const steps = Array.from({ length: GUIDE_STEP_COUNTS[guide] }, (_, index) => translate(`${key}.step_${index + 1}`));
  return (
    <Accordion disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`guide-${guide}-content`} id={`guide-${guide}-header`}>
        <Typography component="h4" variant="subtitle1">
          {translate(`${key}.title`)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`guide-${guide}-content`}>
        <Typography component="ol" variant="body2" sx={{ pl: 3, m: 0, '& li': { mb: 0.5 } }}>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </Typography>
        {guide === 'gtm' ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(`${key}.note`)}
            </Typography>
            {/* STD-1/STD-2: what each Consent Mode setting asks of the site's Google tags. */}
            {(['consent_mode_basic', 'consent_mode_advanced'] as const).map((mode) => (
              <Typography key={mode} variant="body2" sx={{ mt: 1 }} data-consent-mode-guide={mode}>
                {translate(`${key}.${mode}`)}
              </Typography>
            ))}
          </>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
};

/** Whether a pop-up is published (ROUTE-13): the template-chosen step. */
const usePopupPublished = (solutionId: Identifier): boolean | undefined => {
  const state = usePopupState(solutionId);
  return state.data ? state.data.published !== null : undefined;
};

/**
 * PROMISE-5: whether this solution's script is installed, read where the onboarding guide reads
 * it (ROUTE-5), so the two screens always tick this step together.
 */
const useScriptInstalled = (solutionId: Identifier): boolean | undefined => useOnboardingState(solutionId).data?.scriptInstalled;

const NextSteps = ({ solution }: { solution: InstallableSolution }) => {
  const translate = useTranslate();
  const popupPublished = usePopupPublished(solution.id);
  const scriptInstalled = useScriptInstalled(solution.id);
  return (
    <List dense aria-labelledby="next-steps-heading">
      {nextSteps(solution, popupPublished, scriptInstalled).map((step) => {
        const status = translate(step.done ? 'onboarding.done' : 'onboarding.todo');
        return (
          <ListItem key={step.id} data-step={step.id} data-done={step.done}>
            <ListItemIcon>
              {step.done ? <CheckCircleIcon color="success" titleAccess={status} /> : <RadioButtonUncheckedIcon color="disabled" titleAccess={status} />}
            </ListItemIcon>
            <ListItemText
              primary={translate(`onboarding.${NEXT_STEP_GUIDE_KEYS[step.id]}.title`)}
              secondary={step.id === 'script_seen' && !step.done && !step.pending ? translate('onboarding.install.hint') : null}
            />
          </ListItem>
        );
      })}
    </List>
  );
};

/** The solution's domain summaries (id and canonical domain) for the health check. */
const healthDomains = (domains: InstallableSolution['domains']): { id: Identifier; canonicalDomain: string }[] =>
  (domains ?? []).filter(
    (d): d is { id: Identifier; canonicalDomain: string } =>
      typeof d === 'object' && d !== null && 'id' in d && 'canonicalDomain' in d && typeof (d as { canonicalDomain: unknown }).canonicalDomain === 'string',
  );

/** ROUTE-15 `installation/`: the script tag, guides for common set-ups, and what is left to do. */
export const InstallationPage = () => {
  const translate = useTranslate();
  const solution = useRecordContext<InstallableSolution>();
  const later = useRenderedLater();
  if (!solution) return null;
  return (
    <Stack spacing={2}>
      <Paper component="section" variant="outlined" aria-labelledby="script-heading" sx={{ p: 2 }}>
        <Typography id="script-heading" variant="h5" component="h2" gutterBottom>
          {translate('cs.installation.script_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('cs.installation.script_intro')}
        </Typography>
        <ScriptSnippet tag={installationSnippet(env.apiUrl, solution.id)} />
      </Paper>
      <TcfInstallationNote solutionId={solution.id} />
      <Paper component="section" variant="outlined" aria-labelledby="declaration-heading" sx={{ p: 2 }}>
        <Typography id="declaration-heading" variant="h6" component="h3" gutterBottom>
          {translate('cs.installation.declaration_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('cs.installation.declaration_intro')}
        </Typography>
        <ScriptSnippet
          tag={declarationTag(env.apiUrl, solution.id)}
          labelKey="cs.installation.declaration_label"
          helpKey="cs.installation.declaration_help"
          copyKey="cs.installation.declaration_copy"
        />
      </Paper>
      {/* Below the snippets: rendered once they are shown, in a task of their own (docs/performance.md). */}
      {later && (
        <>
          <Paper component="section" variant="outlined" aria-labelledby="guides-heading" sx={{ p: 2 }}>
            <Typography id="guides-heading" variant="h6" component="h3" gutterBottom>
              {translate('cs.installation.guides_title')}
            </Typography>
            {INSTALLATION_GUIDES.map((guide) => (
              <Guide key={guide} guide={guide} />
            ))}
          </Paper>
          <Paper component="section" variant="outlined" aria-labelledby="next-steps-heading" sx={{ p: 2 }}>
            <Typography id="next-steps-heading" variant="h6" component="h3">
              {translate('cs.installation.next_steps_title')}
            </Typography>
            <NextSteps solution={solution} />
          </Paper>
          <HealthCheckPanel solutionId={solution.id} domains={healthDomains(solution.domains)} />
        </>
      )}
    </Stack>
  );
};
