import type { MouseEvent, ReactNode } from 'react';
import Typography from '@mui/material/Typography';

interface TextLinkProps {
  href: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** 'always' for a link inside running text (it must not rely on colour alone). */
  underline?: 'hover' | 'always';
}

/**
 * A plain text link in the theme's primary colour. Typography as an anchor rather than MUI's
 * Link: the login route ships Typography already, Link would be one more chunk before the form.
 */
export function TextLink({ href, children, onClick, underline = 'hover' }: TextLinkProps) {
  return (
    <Typography
      component="a"
      href={href}
      onClick={onClick}
      variant="inherit"
      color="primary"
      sx={{ textDecoration: underline === 'always' ? 'underline' : 'none', '&:hover': { textDecoration: 'underline' } }}
    >
      {children}
    </Typography>
  );
}
