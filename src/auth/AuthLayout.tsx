import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The centred page of the public auth screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      {children}
    </Box>
  );
}
