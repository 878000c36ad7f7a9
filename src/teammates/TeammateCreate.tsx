import Typography from '@mui/material/Typography';
import { Create, email, type RaRecord, required, SimpleForm, TextInput, useLocaleState, useNotify, useRedirect, useTranslate } from 'react-admin';
import { PageLayout } from '../components/PageLayout';

/** ROUTE-8: invite by email; the API emails an activation link. Failure notice of ERR-1. */
export const TeammateCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [locale] = useLocaleState();
  return (
    <PageLayout
      width="form"
      header={
        <Typography variant="h4" component="h1">
          {translate('teammates.create_title')}
        </Typography>
      }
    >
      <Create
        resource="teammates"
        title="teammates.create_title"
        // MAIL-1: the invitation mail is written in the inviting admin's language.
        transform={(data: RaRecord) => ({ ...data, language: locale === 'fr' ? 'fr' : 'en' })}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            notify('teammates.notifications.created', { type: 'success', messageArgs: { email: String(data.email) } });
            redirect('/teammates');
          },
          onError: () => notify('teammates.notifications.create_failed', { type: 'error' }),
        }}
      >
        <SimpleForm>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('teammates.create_help')}
          </Typography>
          <TextInput
            source="email"
            type="email"
            label="resources.teammates.fields.email"
            validate={[required('validation.email_required'), email('validation.email_invalid')]}
            fullWidth
          />
        </SimpleForm>
      </Create>
    </PageLayout>
  );
};
