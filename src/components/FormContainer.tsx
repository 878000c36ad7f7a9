import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface FormContainerProps {
  /** Already translated. */
  title: string;
  children?: ReactNode;
  /** Buttons and links under the form. */
  actions?: ReactNode;
  /** When given, the container is a `<form>` (browser validation off: ours speaks the catalogue). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  maxWidth?: number;
}

/** ROUTE-23: a titled card holding a form's fields, with its actions below. */
export function FormContainer({ title, children, actions, onSubmit, maxWidth = 440 }: FormContainerProps) {
  const titleId = `form-title-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const content = (
    <>
      <Typography id={titleId} component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      {children}
      {actions ? <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>{actions}</Box> : null}
    </>
  );
  return (
    // Paper's look from the theme on a Box: the login route ships Box already, Paper would be
    // one more chunk before the form shows (docs/performance.md budget).
    <Box sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 }, bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, boxShadow: 2 }}>
      {onSubmit ? (
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
          {content}
        </Box>
      ) : (
        <Box component="section" aria-labelledby={titleId}>
          {content}
        </Box>
      )}
    </Box>
  );
}
