import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { NumberInput, SaveButton, SelectInput, TextInput, Toolbar, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notify } from '../../notifications/notify';
import { COOKIE_CATEGORIES, cookieInputSchema } from '../../schemas/cookie';
import { schemaResolver } from '../../schemas/formResolver';
import { solutionLanguages } from '../../shared/languages';
import type { SolutionSummary } from './cookieModel';

/** The shared schema (VAL-4) as the form's resolver; its messages are keys the inputs translate. */
export const cookieResolver = schemaResolver(cookieInputSchema, { submitParsed: true });

const label = (field: string) => `cookies.fields.${field}`;
const listPath = '..';

/** The inputs of the create and edit forms: one purpose per solution language. */
export const CookieInputs = ({ solution }: { solution: SolutionSummary }) => {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" label={label('name')} isRequired fullWidth />
      <TextInput source="domain" label={label('domain')} isRequired fullWidth />
      <SelectInput
        source="category"
        label={label('category')}
        isRequired
        choices={COOKIE_CATEGORIES.map((id) => ({ id, name: `translations.categories.${id}` }))}
      />
      <NumberInput source="expiryDays" label={label('expiryDays')} helperText={translate('cookies.fields.expiryHelp')} min={0} step={1} />
      {solutionLanguages(solution).map((language) => (
        <TextInput key={language} source={`purpose.${language}`} label={translate('cookies.fields.purpose', { language })} multiline minRows={2} fullWidth />
      ))}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        {translate('cookies.fields.dataProcessor')}
      </Typography>
      <TextInput source="dataProcessor.name" label={label('dataProcessorName')} fullWidth />
      <TextInput source="dataProcessor.privacyPolicyUrl" label={label('dataProcessorPrivacyPolicyUrl')} fullWidth />
    </>
  );
};

export const CookieFormToolbar = () => {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label="cookies.actions.save" />
      <Button component={RouterLink} to={listPath} relative="path">
        {translate('cookies.actions.cancel')}
      </Button>
    </Toolbar>
  );
};

export const CookieFormHeading = ({ textKey }: { textKey: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 1 }}>
      <Button component={RouterLink} to={listPath} relative="path" size="small">
        {translate('cookies.back')}
      </Button>
      <Typography variant="h5" component="h2">
        {translate(textKey)}
      </Typography>
    </Box>
  );
};

/** After a save: a notice, then the list (the detail's nested route, which react-admin's redirect does not know). */
export const useBackToCookieList = () => {
  const navigate = useNavigate();
  return () => {
    notify('cookies.notifications.saved', { type: 'success' });
    void navigate(listPath, { relative: 'path' });
  };
};
