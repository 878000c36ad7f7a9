import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput,
  CheckboxGroupInput,
  Form,
  HttpError,
  Loading,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import {
  CONSENT_MODE_MODES,
  CONSENT_MODE_TYPES,
  GPP_MSPA_MODES,
  GPP_US_APPROACHES,
  privacyStandardsSchema,
  WAIT_FOR_UPDATE_MAX_MS,
} from '../../schemas/privacyStandards';
import { CONSENT_CATEGORIES } from '../../schemas/template';
import { schemaResolver } from '../../schemas/formResolver';

/**
 * The privacy standards of a consent solution (STD-1..STD-4, STD-13), under its settings: Google
 * Consent Mode v2, Global Privacy Control, the rule per region and the IAB GPP sections. Validated by the schema the
 * API runs; they reach visitors with the next publish.
 */

const resolver = schemaResolver<Record<string, unknown>>(privacyStandardsSchema);

const t = (key: string): string => `cs.standards.${key}`;
const categoryChoices = (categories: readonly string[]) => categories.map((id) => ({ id, name: t(`categories.${id}`) }));
const optional = CONSENT_CATEGORIES.filter((category) => category !== 'necessary');

const Section = ({ id, children }: { id: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" aria-labelledby={`standards-${id}-heading`} sx={{ border: 0, p: 0, m: 0, mb: 3, minWidth: 0 }}>
      <Typography id={`standards-${id}-heading`} variant="h6" component="h4" gutterBottom>
        {translate(t(`${id}.title`))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(t(`${id}.help`))}
      </Typography>
      {children}
    </Box>
  );
};

const StandardsFields = () => {
  const translate = useTranslate();
  return (
    <>
      <Section id="consent_mode">
        <BooleanInput source="consentMode.enabled" label={t('consent_mode.enabled')} />
        <RadioButtonGroupInput
          source="consentMode.mode"
          label={t('consent_mode.mode')}
          choices={CONSENT_MODE_MODES.map((id) => ({ id, name: t(`consent_mode.mode_${id}`) }))}
          helperText={t('consent_mode.mode_help')}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {CONSENT_MODE_TYPES.filter((type) => type !== 'security_storage').map((type) => (
            <SelectInput key={type} source={`consentMode.mapping.${type}`} label={type} choices={categoryChoices(CONSENT_CATEGORIES)} helperText={false} />
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(t('consent_mode.security_storage'))}
        </Typography>
        <NumberInput
          source="consentMode.waitForUpdate"
          label={t('consent_mode.wait_for_update')}
          min={0}
          max={WAIT_FOR_UPDATE_MAX_MS}
          step={100}
          helperText={t('consent_mode.wait_for_update_help')}
        />
        <BooleanInput source="consentMode.adsDataRedaction" label={t('consent_mode.ads_data_redaction')} />
        <BooleanInput source="consentMode.urlPassthrough" label={t('consent_mode.url_passthrough')} />
        <BooleanInput
          source="consentMode.grantedOutsideOptIn"
          label={t('consent_mode.granted_outside_opt_in')}
          helperText={t('consent_mode.granted_outside_opt_in_help')}
        />
      </Section>
      <Section id="gpc">
        <BooleanInput source="gpc.enabled" label={t('gpc.enabled')} />
        <CheckboxGroupInput
          source="gpc.saleShareCategories"
          label={t('gpc.sale_share')}
          choices={categoryChoices(optional)}
          helperText={t('gpc.sale_share_help')}
        />
      </Section>
      <Section id="regions">
        <BooleanInput source="regions.enabled" label={t('regions.enabled')} helperText={t('regions.eu')} />
        <SelectInput source="regions.us" label={t('regions.us')} choices={['opt-in', 'opt-out'].map((id) => ({ id, name: t(`regions.rule_${id}`) }))} />
        <SelectInput
          source="regions.other"
          label={t('regions.other')}
          choices={['opt-in', 'opt-out', 'none'].map((id) => ({ id, name: t(`regions.rule_${id}`) }))}
        />
      </Section>
      <Section id="gpp">
        <BooleanInput source="gpp.enabled" label={t('gpp.enabled')} />
        <RadioButtonGroupInput
          source="gpp.usApproach"
          label={t('gpp.us_approach')}
          choices={GPP_US_APPROACHES.map((id) => ({ id, name: t(`gpp.approach_${id}`) }))}
          row={false}
        />
        <BooleanInput source="gpp.tcfEu" label={t('gpp.tcf_eu')} />
        <BooleanInput source="gpp.mspaCovered" label={t('gpp.mspa_covered')} />
        <SelectInput source="gpp.mspaMode" label={t('gpp.mspa_mode')} choices={GPP_MSPA_MODES.map((id) => ({ id, name: t(`gpp.mspa_${id}`) }))} />
      </Section>
    </>
  );
};

export const PrivacyStandardsSettings = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const solution = useRecordContext<{ id: Identifier }>();
  const id = solution?.id;
  const standards = useQuery({
    queryKey: queryKeys.privacyStandards.solution(id ?? ''),
    enabled: id !== undefined,
    queryFn: () => dataProvider.getPrivacyStandards(id ?? ''),
  });
  if (id === undefined) return null;

  const save = async (values: Record<string, unknown>) => {
    try {
      queryClient.setQueryData(queryKeys.privacyStandards.solution(id), await dataProvider.savePrivacyStandards(id, values));
      notify(t('saved'), { type: 'success' });
      return undefined;
    } catch (error) {
      // The API's violations land on their fields (the httpClient has shown them as toasts too).
      if (error instanceof HttpError) return (error.body as { errors?: Record<string, unknown> } | null)?.errors;
      throw error;
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="standards-heading" sx={{ maxWidth: 720, mt: 2, p: 2 }}>
      <Typography id="standards-heading" variant="h5" component="h3" gutterBottom>
        {translate(t('title'))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(t('intro'))}
      </Typography>
      {standards.data ? (
        <Form record={{ id, ...standards.data }} onSubmit={save} resolver={resolver} mode="onChange" reValidateMode="onChange">
          <StandardsFields />
          <SaveButton label={t('save')} alwaysEnable={false} />
        </Form>
      ) : standards.isError ? (
        <Typography role="alert">{translate(t('load_failed'))}</Typography>
      ) : (
        <Loading />
      )}
    </Paper>
  );
};
