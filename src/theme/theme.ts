import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** CONST-1: the spec's breakpoints, including the extra `mdx` step at 1024. */
declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    mdx: true;
  }
}

const breakpoints = { xs: 0, sm: 600, md: 900, mdx: 1024, lg: 1200, xl: 1536 } as const;

/** ROUTE-23: centre-column widths of the page layout. */
export const layoutWidths = { full: 1920, table: 1600, subscription: 960, form: 720 } as const;

const brand = {
  primary: '#0b2a5b',
  primaryLight: '#1f4a8c',
  accent: '#c9a227',
} as const;

export const themeOptions: ThemeOptions = {
  breakpoints: { values: breakpoints },
  palette: {
    mode: 'light',
    primary: { main: brand.primary, light: brand.primaryLight, contrastText: '#ffffff' },
    // Gold on white fails contrast for text; contrastText keeps buttons readable.
    secondary: { main: brand.accent, contrastText: '#1a1a1a' },
    background: { default: '#f5f7fb' },
    // ROUTE-23: MUI's default info (#0288d1) and warning (#ed6c02) fail 4.5:1 as text on white.
    info: { main: '#01579b' },
    warning: { main: '#ad4e00' },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  shape: { borderRadius: 8 },
  components: {
    // ROUTE-23: a disabled field's helper text explains why it is disabled, so it stays readable.
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
    // ROUTE-23: on a narrow screen a wide list scrolls inside its card instead of widening the page.
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    // A select sizes itself to its longest choice; on a phone it stops at the screen's edge and ellipsizes.
    MuiFormControl: { styleOverrides: { root: { maxWidth: '100%' } } },
    // Spinners turn without their arc growing and shrinking: a stroke-dash animation is restyled
    // and painted by the main thread in every frame (react-admin's app-bar spinner runs through
    // every page load), a rotation by the compositor alone (docs/performance.md).
    MuiCircularProgress: { defaultProps: { disableShrink: true } },
  },
};

export const theme = createTheme(themeOptions);
