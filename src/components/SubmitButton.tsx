import type { ReactNode } from 'react';
import Button from '@mui/material/Button';

interface SubmitButtonProps {
  children: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
}

/** ROUTE-23: the form's submit button; while loading it shows a spinner and ignores clicks. */
export function SubmitButton({ children, loading = false, disabled = false, fullWidth = true }: SubmitButtonProps) {
  return (
    <Button type="submit" variant="contained" color="primary" size="large" fullWidth={fullWidth} loading={loading} disabled={disabled} aria-busy={loading}>
      {children}
    </Button>
  );
}
