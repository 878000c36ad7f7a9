import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormContainer } from '../components/FormContainer';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { LOGIN_PATH } from '../session/authPaths';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { navigateTo } from '../session/navigation';
import { notifyApiError } from '../notifications/notifyApiError';
import { resetPassword } from '../providers/authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { loadAuthSchemas, useAuthSchemas } from './authSchemas';
import { PasswordChecklist } from './PasswordChecklist';

interface NewPasswordPageProps {
  passwordToken: string;
  csrfToken: string;
}

const CHECKLIST_ID = 'password-rules';

/** The field's own message: only "required"; the rules speak through the checklist. */
const requiredError = (password: string) => (password === '' ? 'validation.password_required' : undefined);

/** ROUTE-3: `/newpassword/{passwordToken}/{csrfToken}/`: form, submitting, confirmation, login. */
export function NewPasswordPage({ passwordToken, csrfToken }: NewPasswordPageProps) {
  const translate = useAppTranslate();
  const schemas = useAuthSchemas();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [passwordCreated, setPasswordCreated] = useState<boolean | null>(null);

  const onChange = (value: string) => {
    setPassword(value);
    setServerError(undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { passwordSchema } = await loadAuthSchemas();
    if (!passwordSchema.safeParse(password).success) return;
    setSubmitting(true);
    try {
      const result = await resetPassword({ passwordToken, csrfToken, password });
      setPasswordCreated(result.passwordCreated);
    } catch (error) {
      const fieldErrors = notifyApiError(error, 'auth.confirmation_password_notification_default_error');
      setServerError(fieldErrors['plainPassword.first'] ?? fieldErrors['plainPassword.second']);
    } finally {
      setSubmitting(false);
    }
  };

  if (passwordCreated !== null) {
    const variant = passwordCreated ? 'created' : 'reset';
    return (
      <AuthLayout>
        <FormContainer
          title={translate(`auth.new_password.${variant}_title`)}
          actions={
            <Button variant="contained" size="large" fullWidth onClick={() => navigateTo(LOGIN_PATH)}>
              {translate('auth.new_password.continue')}
            </Button>
          }
        >
          <Typography role="status">{translate(`auth.new_password.${variant}_text`)}</Typography>
        </FormContainer>
      </AuthLayout>
    );
  }

  const required = submitted ? requiredError(password) : undefined;
  return (
    <AuthLayout>
      <FormContainer
        title={translate('auth.new_password.title')}
        onSubmit={onSubmit}
        actions={
          <>
            <SubmitButton loading={submitting}>{translate('auth.new_password.submit')}</SubmitButton>
            <AuthLink to={LOGIN_PATH}>{translate('auth.back_to_login')}</AuthLink>
          </>
        }
      >
        <PasswordField
          id="new-password"
          label={translate('auth.new_password.label')}
          value={password}
          onChange={onChange}
          autoComplete="new-password"
          autoFocus
          error={serverError ?? (required ? translate(required) : undefined)}
          describedBy={CHECKLIST_ID}
          helper={<PasswordChecklist id={CHECKLIST_ID} rules={schemas?.passwordRules} password={password} submitted={submitted} />}
        />
      </FormContainer>
    </AuthLayout>
  );
}
