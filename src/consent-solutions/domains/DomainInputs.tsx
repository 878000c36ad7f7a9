import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { canonicalDomainProblem, suggestCanonical } from '../../schemas/domain';
import { DefaultLanguageInput } from './LanguageInputs';
import { domainTypeChoices, scanDepthChoices, scanFrequencyChoices } from './domainModel';

interface DomainInputsProps {
  /**
   * Where the domain fields sit in the form: `domain.` in the consent-solution create form
   * (the API body nests them, and server violations name `domain.canonicalDomain`), nothing
   * in the domain forms.
   */
  prefix?: '' | 'domain.';
  /** After creation canonical domain and type cannot change (ENT-1, `error.backend.domain_immutable`). */
  immutableIdentity?: boolean;
  /** The consent-solution create form sets one language for the solution and its domain. */
  withDefaultLanguage?: boolean;
}

const label = (field: string) => `resources.domains.fields.${field}`;

/**
 * "Did you mean example.com?" while the typed domain is not canonical (VAL-1). The error itself
 * comes from the shared schema through the form resolver; this adds the way out, one click.
 */
const CanonicalDomainHint = ({ source }: { source: string }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name: source });
  if (typeof value !== 'string' || value.trim() === '') return null;
  const problem = canonicalDomainProblem(value.trim());
  const suggestion = problem === null ? null : suggestCanonical(value);
  if (suggestion === null) return null;
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: -1, mb: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2">{translate('cs.domain_inputs.did_you_mean', { canonical: suggestion })}</Typography>
      <Button size="small" onClick={() => setValue(source, suggestion, { shouldValidate: true, shouldDirty: true })}>
        {translate('cs.domain_inputs.use_suggestion', { canonical: suggestion })}
      </Button>
    </Box>
  );
};

/** The domain fields shared by the consent-solution create form and the domain forms (ROUTE-11, ROUTE-16). */
export const DomainInputs = ({ prefix = '', immutableIdentity = false, withDefaultLanguage = false }: DomainInputsProps) => (
  <>
    <TextInput
      source={`${prefix}canonicalDomain`}
      label={label('canonicalDomain')}
      helperText={immutableIdentity ? 'cs.domain_inputs.immutable_help' : 'cs.domain_inputs.canonical_help'}
      readOnly={immutableIdentity}
      isRequired={!immutableIdentity}
      autoComplete="off"
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      fullWidth
    />
    {immutableIdentity ? null : <CanonicalDomainHint source={`${prefix}canonicalDomain`} />}
    <SelectInput
      source={`${prefix}type`}
      label={label('type')}
      choices={domainTypeChoices}
      helperText="cs.domain_inputs.type_help"
      readOnly={immutableIdentity}
      isRequired
      fullWidth
    />
    <SelectInput source={`${prefix}scanFrequency`} label={label('scanFrequency')} choices={scanFrequencyChoices} isRequired fullWidth />
    <SelectInput source={`${prefix}scanDepth`} label={label('scanDepth')} choices={scanDepthChoices} isRequired fullWidth />
    {withDefaultLanguage ? <DefaultLanguageInput source={`${prefix}defaultLanguage`} label={label('defaultLanguage')} /> : null}
  </>
);
