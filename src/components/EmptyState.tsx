import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useTranslate } from 'react-admin';

type EmptyStateIcon = 'pending' | 'error';

/** ROUTE-23: the overlay keeps a list's body at least one 330px row high. */
export const EMPTY_STATE_MIN_HEIGHT = 330;

interface EmptyStateProps {
  /** Translation key of the heading. */
  heading: string;
  /** Values interpolated into the heading (e.g. the search that matched nothing). */
  headingArgs?: Record<string, unknown>;
  /** Translation key of the description. */
  description?: string;
  icon?: EmptyStateIcon;
  /** A button or link, already translated by its own component. */
  action?: ReactNode;
}

/** The overlay a list shows when it has no rows, is still working, or failed. */
export const EmptyState = ({ heading, headingArgs, description, icon, action }: EmptyStateProps) => {
  const translate = useTranslate();
  const headingId = useId();
  const Icon = icon === 'error' ? ErrorOutlineIcon : HourglassEmptyIcon;
  return (
    <Box
      role={icon === 'error' ? 'alert' : 'status'}
      aria-labelledby={headingId}
      sx={{
        minHeight: EMPTY_STATE_MIN_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        textAlign: 'center',
        p: 3,
      }}
    >
      {icon ? (
        <Icon titleAccess={translate(`shell.empty_state.${icon}`)} data-icon={icon} color={icon === 'error' ? 'error' : 'action'} sx={{ fontSize: 48 }} />
      ) : null}
      <Typography id={headingId} variant="h6" component="h2">
        {translate(heading, headingArgs)}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 480 }}>
          {translate(description)}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
};
