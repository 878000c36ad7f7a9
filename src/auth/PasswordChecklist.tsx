import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { AuthSchemas } from './authSchemas';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { visuallyHidden } from '../theme/visuallyHidden';

/** How one rule shows: met, unmet, or unmet after a submit (in the error colour). */
type RuleState = 'met' | 'unmet' | 'unmet-error';

const ruleState = (met: boolean, submitted: boolean): RuleState => (met ? 'met' : submitted ? 'unmet-error' : 'unmet');

const colourOf = { met: 'success.main', unmet: 'text.secondary', 'unmet-error': 'error.main' } as const;

/**
 * VAL-2: the four password rules, re-checked on every change from the shared `passwordRules`.
 * Before any input all are unmet; after the first submit the unmet ones turn the error colour.
 * `rules` is undefined for the moment the shared schemas take to load (authSchemas.ts).
 */
export function PasswordChecklist({
  id,
  rules,
  password,
  submitted,
}: {
  id: string;
  rules: AuthSchemas['passwordRules'] | undefined;
  password: string;
  submitted: boolean;
}) {
  const translate = useAppTranslate();
  return (
    <>
      <Typography id={`${id}-title`} variant="body2" sx={{ mt: 1 }}>
        {translate('auth.new_password.rules_title')}
      </Typography>
      <List id={id} dense disablePadding aria-labelledby={`${id}-title`} aria-live="polite">
        {rules?.map((rule) => {
          const state = ruleState(rule.test(password), submitted);
          return (
            <ListItem key={rule.id} disableGutters data-rule={rule.id} data-state={state} sx={{ color: colourOf[state], py: 0 }}>
              <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>
                {state === 'met' ? <CheckCircle fontSize="small" /> : <RadioButtonUnchecked fontSize="small" />}
              </ListItemIcon>
              <ListItemText
                primary={translate(rule.messageKey)}
                secondary={translate(state === 'met' ? 'auth.password_rule_met' : 'auth.password_rule_unmet')}
                slotProps={{
                  primary: { sx: { color: 'inherit' } },
                  // The state in words for screen readers; the icon and colour show it visually.
                  secondary: { sx: visuallyHidden },
                }}
              />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
