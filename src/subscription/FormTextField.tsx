import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FormTextFieldProps<TValues extends FieldValues> = Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error'> & {
  name: FieldPath<TValues>;
  control: Control<TValues>;
  /** A translation key. */
  label: string;
  /** Rewrites what is typed before it reaches the form (card number grouping, MM/YY). */
  format?: (value: string) => string;
};

/**
 * A text input bound to react-hook-form. Its error is a message key (the shared zod schemas)
 * or a server text the dataProvider already translated; both go through translate, which leaves
 * a text that is not a key as it is.
 */
export const FormTextField = <TValues extends FieldValues>({ name, control, label, format, helperText, onBlur, ...props }: FormTextFieldProps<TValues>) => {
  const translate = useTranslate();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(format ? format(event.target.value) : event.target.value)}
          onBlur={(event) => {
            field.onBlur();
            onBlur?.(event);
          }}
          label={translate(label)}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : helperText}
          fullWidth
        />
      )}
    />
  );
};
