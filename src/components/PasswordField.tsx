import { useState, type ChangeEvent, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useAppTranslate } from '../i18n/useAppTranslate';

interface PasswordFieldProps {
  id: string;
  name?: string;
  /** The visible label, already translated. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated; shown under the field and marks it invalid. */
  error?: string;
  autoComplete?: 'current-password' | 'new-password';
  autoFocus?: boolean;
  /** Extra content under the field, e.g. the new-password checklist. */
  helper?: ReactNode;
  describedBy?: string;
}

/**
 * ROUTE-23: a password input with a show/hide toggle. Built from FormControl + InputLabel +
 * OutlinedInput rather than TextField, which costs ~18 kB gzip (docs/performance.md).
 */
export function PasswordField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  autoComplete = 'current-password',
  autoFocus,
  helper,
  describedBy,
}: PasswordFieldProps) {
  const translate = useAppTranslate();
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  const describedByIds = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)} margin="normal">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name ?? id}
        label={label}
        type={visible ? 'text' : 'password'}
        value={value}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        inputProps={{ 'aria-describedby': describedByIds, 'aria-invalid': Boolean(error) }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={translate(visible ? 'auth.hide_password' : 'auth.show_password')}
              aria-pressed={visible}
              onClick={() => setVisible((shown) => !shown)}
              onMouseDown={(event) => event.preventDefault()}
              edge="end"
            >
              {visible ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      {error ? <FormHelperText id={errorId}>{error}</FormHelperText> : null}
      {helper}
    </FormControl>
  );
}
