import Drawer from '@mui/material/Drawer';
import { styled, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH, SidebarClasses, useLocale, useSidebarState, type SidebarProps } from 'react-admin';

// The shell sits under a 48 px app bar (3em) from 600 px up, and the drawer keeps that height.
const BELOW_APP_BAR = 'calc(100vh - 3em)';

const Root = styled(Drawer, { name: 'RaSidebar', slot: 'Root', shouldForwardProp: () => true })(({ open, theme }) => {
  const widthTransition = theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.leavingScreen,
  });
  return {
    height: BELOW_APP_BAR,
    [`& .${SidebarClasses.fixed}`]: {
      position: 'fixed',
      height: BELOW_APP_BAR,
      overflowX: 'hidden',
      scrollbarWidth: 'none',
      '&::-webkit-scrollbar': { display: 'none' },
    },
    '& .MuiPaper-root': {
      position: 'relative',
      width: open ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH,
      transition: widthTransition,
      backgroundColor: 'transparent',
      border: 'none',
      zIndex: 'inherit',
      // Under 600 px the drawer is a modal over the page, with the page's background.
      [theme.breakpoints.down('sm')]: {
        height: '100vh',
        position: 'inherit',
        backgroundColor: (theme.vars ?? theme).palette.background.default,
      },
    },
  };
});

/**
 * The navigation drawer: react-admin's Sidebar geometry and class names (`RaSidebar-*`), without
 * its scroll trigger (docs/performance.md). That trigger only matters when the app bar hides on scroll, which
 * `appBarAlwaysOn` turns off, yet it still read the window's scroll offset as the shell mounted,
 * making the browser compute the style of the whole new page inside that task (about 90 ms at
 * 4x CPU) instead of in the next frame.
 */
export const ShellSidebar = ({ children, appBarAlwaysOn: _alwaysOn, closedSize: _closed, size: _size, ...rest }: SidebarProps) => {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  useLocale(); // the menu's labels follow a change of language
  const toggle = () => setOpen(!open);
  return isXSmall ? (
    <Root variant="temporary" open={open} onClose={toggle} classes={SidebarClasses} {...rest}>
      {children}
    </Root>
  ) : (
    <Root variant="permanent" open={open} onClose={toggle} classes={SidebarClasses} {...rest}>
      <div className={SidebarClasses.fixed}>{children}</div>
    </Root>
  );
};
