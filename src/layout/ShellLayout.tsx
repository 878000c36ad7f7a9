import { useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorView, LayoutClasses, SkipNavigationButton, type AppBarProps, type LayoutProps, type SidebarProps } from 'react-admin';

const Root = styled('div', { name: 'RaLayout', slot: 'Root' })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars ?? theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars ?? theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

interface ShellLayoutProps {
  appBar: ComponentType<AppBarProps>;
  sidebar: ComponentType<SidebarProps>;
  menu: ComponentType;
  error: LayoutProps['error'];
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * react-admin's Layout (its class names, `RaLayout-*`, and geometry, with the app bar always on),
 * without its preferences inspector (docs/performance.md). The admin has no configurable component, yet the
 * inspector read the page's width as the shell rendered, making the browser lay out the page in
 * the middle of that render. The page's Suspense boundary is the caller's.
 */
export const ShellLayout = ({ appBar: AppBar, sidebar: Sidebar, menu: Menu, error, sx, children }: ShellLayoutProps) => {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  return (
    <Root className="layout" sx={sx}>
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <AppBar alwaysOn />
        <main className={LayoutClasses.contentWithSidebar}>
          <Sidebar appBarAlwaysOn>
            <Menu />
          </Sidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <ErrorBoundary
              onError={(_error, info) => setErrorInfo(info)}
              fallbackRender={({ error: thrown, resetErrorBoundary }) => (
                <ErrorView error={thrown as Error} errorComponent={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
              )}
            >
              {children}
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
};
