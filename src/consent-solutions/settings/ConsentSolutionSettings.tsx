import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput,
  EditBase,
  Loading,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useEditContext,
  useNotify,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocalDateTime } from '../../components/LocalDateTime';
import { AdditionalLanguagesInput, DefaultLanguageInput } from '../domains/LanguageInputs';
import { DeleteConsentSolutionButton } from './DeleteConsentSolutionButton';
import { PrivacyStandardsSettings } from './PrivacyStandardsSettings';
import { PushForConsentButton } from './PushForConsentButton';
import type { ConsentVersion } from '../../providers/methods/consentSolutions';
import { queryKeys } from '../../providers/queryKeys';
import {
  canEditSharedConsent,
  consentSolutionSettingsResolver,
  toUpdateBody,
  type ConsentSolution,
  type ConsentSolutionSettingsValues,
} from '../consentSolutionModel';
import { RecordLoadState, STAY_ON_FAILED_READ } from '../../components/LoadError';

const label = (field: string) => `resources.consent-solutions.fields.${field}`;

/** The consent version (BEYOND-2 groundwork): which consent visitors gave, and since when. */
const ConsentVersionPanel = ({ solution, pushed }: { solution: ConsentSolution; pushed: ConsentVersion | null }) => {
  const translate = useTranslate();
  // The push answer is newer than the cached record until the record is read again.
  const version = pushed !== null && pushed.consentVersion > solution.consentVersion ? pushed : solution;
  return (
    <Box component="section" aria-labelledby="consent-version-heading">
      <Typography id="consent-version-heading" variant="h6" component="h3" gutterBottom>
        {translate('cs.settings.consent_version_title')}
      </Typography>
      <Typography variant="body1" data-testid="consent-version">
        {translate('cs.settings.consent_version', { version: version.consentVersion })} <LocalDateTime value={version.consentVersionAt} />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('cs.settings.push_help')}
      </Typography>
    </Box>
  );
};

const SettingsForm = () => {
  const translate = useTranslate();
  const { record, isPending, error, refetch } = useEditContext<ConsentSolution>();
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  const [pushed, setPushed] = useState<ConsentVersion | null>(null);
  // Waits for the roles too: an administrator would otherwise see shared consent read-only first.
  if (permissionsPending && !error) return <Loading />;
  if (isPending || error || !record)
    return (
      <RecordLoadState isPending={isPending} error={error} refetch={refetch}>
        {null}
      </RecordLoadState>
    );
  const mayShare = canEditSharedConsent(permissions);
  return (
    <>
      <SimpleForm
        resolver={consentSolutionSettingsResolver}
        mode="onChange"
        reValidateMode="onChange"
        // Save only: deleting goes through the typed-name confirmation below.
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="name" label={label('name')} isRequired fullWidth />
        <DefaultLanguageInput source="defaultLanguage" label={label('defaultLanguage')} />
        <AdditionalLanguagesInput source="additionalLanguages" label={label('additionalLanguages')} />
        <BooleanInput
          source="sharedConsent"
          label={label('sharedConsent')}
          // Read-only rather than disabled: a disabled field would drop out of the form values.
          readOnly={!mayShare}
          helperText={mayShare ? 'cs.settings.shared_consent_help' : 'cs.settings.shared_consent_role_needed'}
        />
        <BooleanInput source="autoblocking" label={label('autoblocking')} helperText="cs.settings.autoblocking_help" />
      </SimpleForm>
      <Divider sx={{ my: 3 }} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start', px: 2 }}>
        <ConsentVersionPanel solution={record} pushed={pushed} />
        <PushForConsentButton id={record.id} onPushed={setPushed} />
      </Box>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-labelledby="danger-zone-heading" sx={{ px: 2, pb: 2 }}>
        <Typography id="danger-zone-heading" variant="h6" component="h3" gutterBottom>
          {translate('cs.settings.danger_zone')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('cs.settings.delete_help')}
        </Typography>
        <DeleteConsentSolutionButton solution={record} />
      </Box>
    </>
  );
};

/** ROUTE-14 `settings/`: name, languages, shared consent, autoblocking; push for consent; delete. */
export const ConsentSolutionSettings = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const solution = useRecordContext<ConsentSolution>();
  return (
    <>
      <Paper component="section" variant="outlined" aria-labelledby="settings-heading" sx={{ maxWidth: 720 }}>
        <Typography id="settings-heading" variant="h5" component="h2" sx={{ px: 2, pt: 2 }}>
          {translate('cs.tabs.settings')}
        </Typography>
        <EditBase
          resource="consent-solutions"
          id={solution?.id}
          // Pessimistic: a refused change (e.g. shared consent without the role, 403) must not
          // look saved for a few seconds first.
          mutationMode="pessimistic"
          transform={(values: ConsentSolutionSettingsValues, options?: { previousData?: ConsentSolution }) => toUpdateBody(values, options?.previousData)}
          mutationOptions={{
            onSuccess: () => {
              void queryClient.invalidateQueries({ queryKey: queryKeys.consentSolutions.all });
              notify('cs.settings.saved', { type: 'success' });
            },
          }}
          redirect={false}
          queryOptions={STAY_ON_FAILED_READ}
        >
          <SettingsForm />
        </EditBase>
      </Paper>
      <PrivacyStandardsSettings />
    </>
  );
};
