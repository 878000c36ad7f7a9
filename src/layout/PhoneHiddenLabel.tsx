import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '../theme/visuallyHidden';

/**
 * An app bar button's text, kept for screen readers but not shown under 600 px: a phone's bar
 * has room for the buttons' icons, not their words, and a title squeezed between them ran into
 * the language switcher (ROUTE-21).
 */
export const PhoneHiddenLabel = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={(theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
    {children}
  </Box>
);

/** The icons' gaps to a label that is no longer shown, removed with it. */
export const phoneIconOnly = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { minWidth: 0, '& .MuiButton-startIcon, & .MuiButton-endIcon': { mx: 0 } },
});
