import { useState, type FormEvent } from 'react';
import Typography from '@mui/material/Typography';
import { env } from '../config/env';
import { FormContainer } from '../components/FormContainer';
import { TextLink } from '../components/TextLink';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { RECOVERY_EMAIL_PATH } from '../session/authPaths';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { navigateTo, takeReturnPath } from '../session/navigation';
import { notifyApiError } from '../notifications/notifyApiError';
import { login } from '../providers/authApi';
import { firstIssuePerField } from '../schemas/fieldIssues';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { loadAuthSchemas, useAuthSchemas } from './authSchemas';
import { EmailField } from './EmailField';

interface LoginPageProps {
  /**
   * What to do once logged in. Default: go back to the remembered page (ROLE-2) or `/`, by a
   * history push every router hears, so it works inside `<Admin>` and in the entry's switch.
   */
  onLoggedIn?: (returnPath: string) => void;
}

/** ROUTE-1: `/login/`. Usable as `<Admin loginPage={LoginPage}>` and outside the admin. */
export function LoginPage({ onLoggedIn = (path) => navigateTo(path) }: LoginPageProps = {}) {
  const translate = useAppTranslate();
  useAuthSchemas();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { loginSchema } = await loadAuthSchemas();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await login(parsed.data.email, parsed.data.password);
    } catch (error) {
      // ERR-3: invalid credentials and the other login refusals come as violations.
      setErrors(notifyApiError(error, 'error.backend.default_error', { isLoginCall: true }));
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    onLoggedIn(takeReturnPath());
  };

  const fieldError = (field: string) => (errors[field] ? translate(errors[field]) : undefined);

  return (
    <AuthLayout>
      <FormContainer
        title={translate('auth.login.title')}
        onSubmit={onSubmit}
        actions={
          <>
            <SubmitButton loading={submitting}>{translate('auth.login.submit')}</SubmitButton>
            <AuthLink to={RECOVERY_EMAIL_PATH}>{translate('auth.login.forgot_password')}</AuthLink>
            <Typography variant="body2">
              {translate('auth.login.no_account')}{' '}
              <TextLink href={env.signupUrl} underline="always">
                {translate('auth.login.sign_up')}
              </TextLink>
            </Typography>
          </>
        }
      >
        <EmailField id="email" label={translate('auth.email')} value={email} onChange={setEmail} error={fieldError('email')} autoFocus />
        <PasswordField id="password" label={translate('auth.password')} value={password} onChange={setPassword} error={fieldError('password')} />
      </FormContainer>
    </AuthLayout>
  );
}
