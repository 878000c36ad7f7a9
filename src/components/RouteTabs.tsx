import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

interface RouteTab {
  value: string;
  label: string;
  to: string;
}

// MUI's tab look: button type, 48 px high, the current tab in the primary colour over a 2 px line;
// on a phone a thin scroll bar says there are more tabs to the side.
const TAB_LIST = {
  display: 'flex',
  minHeight: 48,
  overflowX: 'auto',
  scrollbarWidth: 'thin',
} as const;
const TAB = {
  typography: 'button',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 90,
  minHeight: 48,
  px: 2,
  py: 1.5,
  color: 'text.secondary',
  textDecoration: 'none',
  textAlign: 'center',
  '&:hover': { color: 'text.primary' },
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
  '&[aria-selected="true"]': { color: 'primary.main', boxShadow: (theme: Theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` },
} as const;

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Tabs that are links, one per URL (ROUTE-12): a `tablist` of `tab` links, the current one
 * selected; the arrow keys, Home and End move between them and Enter follows one (the WAI-ARIA
 * tabs pattern, activated by hand). On a phone the row scrolls sideways.
 * Not MUI's Tabs (docs/performance.md): they measure themselves as they mount (indicator, scroll buttons),
 * which made the browser compute the style of the whole new page inside that task.
 */
export const RouteTabs = ({ tabs, current, label, sx }: { tabs: readonly RouteTab[]; current: string | false; label: string; sx?: SxProps<Theme> }) => {
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusable = current === false ? tabs[0]?.value : current;
  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    const index = links.current.findIndex((link) => link === document.activeElement);
    if (step === undefined || index < 0) return;
    event.preventDefault();
    links.current[step(index, tabs.length)]?.focus();
  };
  return (
    <Box role="tablist" aria-label={label} onKeyDown={onKeyDown} sx={[TAB_LIST, ...(Array.isArray(sx) ? sx : [sx])]}>
      {tabs.map((tab, index) => (
        <Box
          key={tab.value}
          component={RouterLink}
          to={tab.to}
          role="tab"
          aria-selected={tab.value === current}
          tabIndex={tab.value === focusable ? 0 : -1}
          ref={(link: HTMLAnchorElement | null) => {
            links.current[index] = link;
          }}
          sx={TAB}
        >
          {tab.label}
        </Box>
      ))}
    </Box>
  );
};
