import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

// react-admin's Layout geometry (ra-ui-materialui Layout, AppBar, Sidebar): a 56 px app bar
// under 600 px (48 px, dense, from there), a permanent sidebar from 600 px, 240 px open or
// 55 px closed as the visitor left it, and 8 px of side padding around the page.
const SIDEBAR_OPEN_KEY = 'RaStore.sidebar.open';
const sidebarWidth = () => (window.localStorage.getItem(SIDEBAR_OPEN_KEY) === 'false' ? 55 : 240);

/**
 * What a logged-in page shows while the admin loads (docs/performance.md): the app bar's colour and,
 * as `children`, the admin's cookie notice, where react-admin's shell will put them. The
 * entry shows it empty; the admin's boot chunk adds the notice (AdminBoot), so the notice,
 * the largest paint of a first visit, appears before about 200 kB of react-admin.
 */
export const ShellFrame = ({ children }: { children?: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
    <Box
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: { xs: 56, sm: 48 },
        bgcolor: 'primary.main',
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    />
    <Box sx={{ display: 'flex', pt: { xs: 7, sm: 6 } }}>
      <Box sx={{ display: { xs: 'none', sm: 'block' }, flexShrink: 0, width: sidebarWidth }} />
      <Box sx={{ flex: 1, minWidth: 0, px: 1 }}>{children}</Box>
    </Box>
  </Box>
);
