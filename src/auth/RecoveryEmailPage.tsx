import { useState, type FormEvent } from 'react';
import Typography from '@mui/material/Typography';
import { FormContainer } from '../components/FormContainer';
import { SubmitButton } from '../components/SubmitButton';
import { LOGIN_PATH } from '../session/authPaths';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { notifyApiError } from '../notifications/notifyApiError';
import { sendRecoveryEmail } from '../providers/authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { loadAuthSchemas, useAuthSchemas } from './authSchemas';
import { EmailField } from './EmailField';
import { firstIssuePerField } from '../schemas/fieldIssues';

/** ROUTE-2: `/recovery-email/`, then a check-your-inbox confirmation. */
export function RecoveryEmailPage() {
  const translate = useAppTranslate();
  useAuthSchemas();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { recoveryEmailSchema } = await loadAuthSchemas();
    const parsed = recoveryEmailSchema.safeParse({ username: email });
    if (!parsed.success) {
      setError(firstIssuePerField(parsed.error.issues).username);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await sendRecoveryEmail(parsed.data.username);
      setSentTo(parsed.data.username);
    } catch (failure) {
      setError(notifyApiError(failure, 'error.backend.default_error').username);
    } finally {
      setSubmitting(false);
    }
  };

  const backToLogin = <AuthLink to={LOGIN_PATH}>{translate('auth.back_to_login')}</AuthLink>;

  return (
    <AuthLayout>
      {sentTo === null ? (
        <FormContainer
          title={translate('auth.recovery.title')}
          onSubmit={onSubmit}
          actions={
            <>
              <SubmitButton loading={submitting}>{translate('auth.recovery.submit')}</SubmitButton>
              {backToLogin}
            </>
          }
        >
          <Typography variant="body2" color="text.secondary">
            {translate('auth.recovery.description')}
          </Typography>
          <EmailField id="email" label={translate('auth.email')} value={email} onChange={setEmail} error={error ? translate(error) : undefined} autoFocus />
        </FormContainer>
      ) : (
        <FormContainer title={translate('auth.recovery.sent_title')} actions={backToLogin}>
          <Typography role="status">{translate('auth.recovery.sent_text', { email: sentTo })}</Typography>
        </FormContainer>
      )}
    </AuthLayout>
  );
}
