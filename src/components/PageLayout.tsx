import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { layoutWidths } from '../theme/theme';

export type PageWidth = keyof typeof layoutWidths;

interface PageLayoutProps {
  /** Shown above the three columns, as wide as the centre. */
  header?: ReactNode;
  left?: ReactNode;
  right?: ReactNode;
  children: ReactNode;
  /** ROUTE-23: the centre column's maximum width. */
  width?: PageWidth;
}

/**
 * ROUTE-23: the page skeleton: a header, then left, centre and right columns. Side columns
 * stack under the centre below the `md` breakpoint so narrow screens keep the content first.
 */
export const PageLayout = ({ header, left, right, children, width = 'table' }: PageLayoutProps) => (
  <Box sx={{ width: '100%', px: { xs: 1, sm: 2 }, py: 2 }}>
    <Box sx={{ maxWidth: layoutWidths.full, mx: 'auto' }}>
      {header ? (
        // The same row as the columns below, with empty side columns, so the header lines up
        // with the centre column rather than with the middle of the whole row.
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 2, mb: 2 }}>
          {left ? <Box aria-hidden sx={{ display: { xs: 'none', md: 'block' }, flex: '0 0 240px' }} /> : null}
          <Box component="header" sx={{ flex: '1 1 auto', width: '100%', maxWidth: layoutWidths[width], minWidth: 0 }}>
            {header}
          </Box>
          {right ? <Box aria-hidden sx={{ display: { xs: 'none', md: 'block' }, flex: '0 0 320px' }} /> : null}
        </Box>
      ) : null}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: 'flex-start',
          justifyContent: 'center',
          gap: 2,
        }}
      >
        {left ? (
          <Box component="aside" data-column="left" sx={{ order: { xs: 2, md: 1 }, flex: { md: '0 0 240px' }, width: { xs: '100%', md: 'auto' } }}>
            {left}
          </Box>
        ) : null}
        <Box
          data-column="centre"
          data-width={width}
          sx={{ order: { xs: 1, md: 2 }, flex: '1 1 auto', width: '100%', maxWidth: layoutWidths[width], minWidth: 0 }}
        >
          {children}
        </Box>
        {right ? (
          <Box component="aside" data-column="right" sx={{ order: 3, flex: { md: '0 0 320px' }, width: { xs: '100%', md: 'auto' } }}>
            {right}
          </Box>
        ) : null}
      </Box>
    </Box>
  </Box>
);
