import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateBase,
  EditBase,
  Loading,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useEditContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { notify } from '../../providers/notify';
import { COOKIE_CATEGORIES, cookieInputSchema, type Cookie } from '../../schemas/cookie';
import { solutionLanguagesOf, type SolutionSummary } from './CookieManagement';

// The shared schema (VAL-4) as the form's resolver; its messages are keys the inputs translate.
const resolver = zodResolver(cookieInputSchema);

const label = (field: string) => `cookies.fields.${field}`;
const listPath = '..';

const CookieInputs = ({ solution }: { solution: SolutionSummary }) => {
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
      {solutionLanguagesOf(solution).map((language) => (
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

const FormToolbar = () => {
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

const Heading = ({ textKey }: { textKey: string }) => {
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
const useBackToList = () => {
  const navigate = useNavigate();
  return () => {
    notify('cookies.notifications.saved', { type: 'success' });
    void navigate('..', { relative: 'path' });
  };
};

/** Empty processor fields for the form; the schema turns two blanks back into "no processor". */
const withProcessorFields = (record: Partial<Cookie> | undefined) => ({
  ...record,
  dataProcessor: record?.dataProcessor ?? { name: '', privacyPolicyUrl: '' },
  purpose: record?.purpose ?? {},
});

// Stable objects: a new defaultValues or record on every render would make the form reset itself.
const CREATE_DEFAULTS = withProcessorFields({ category: 'unclassified', expiryDays: null });

/** ROUTE-18 `cookie-management/create/`. */
export const CookieCreate = ({ solution }: { solution: SolutionSummary }) => {
  const back = useBackToList();
  return (
  <Box component="section">
    <Heading textKey="cookies.create_title" />
    <CreateBase
      resource="cookies"
      redirect={false}
      mutationOptions={{ onSuccess: back }}
      transform={(data: Record<string, unknown>) => ({ ...data, consentSolutionId: solution.id })}
    >
      <SimpleForm resolver={resolver} defaultValues={CREATE_DEFAULTS} toolbar={<FormToolbar />}>
        <CookieInputs solution={solution} />
      </SimpleForm>
    </CreateBase>
  </Box>
  );
};

const EditForm = ({ solution }: { solution: SolutionSummary }) => {
  const { record, isPending } = useEditContext<Cookie>();
  const values = useMemo(() => (record ? withProcessorFields(record) : undefined), [record]);
  if (isPending) return <Loading />;
  if (!values) return null;
  return (
    <SimpleForm resolver={resolver} record={values} toolbar={<FormToolbar />}>
      <CookieInputs solution={solution} />
    </SimpleForm>
  );
};

/** ROUTE-18 `cookie-management/{cookieId}/`. */
export const CookieEdit = ({ solution }: { solution: SolutionSummary }) => {
  const { cookieId = '' } = useParams();
  const back = useBackToList();
  return (
    <Box component="section">
      <Heading textKey="cookies.edit_title" />
      <EditBase
        resource="cookies"
        id={cookieId}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: back }}
      >
        <EditForm solution={solution} />
      </EditBase>
    </Box>
  );
};
