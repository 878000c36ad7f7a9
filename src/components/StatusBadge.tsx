import Box from '@mui/material/Box';
import type { SvgIconComponent } from '@mui/icons-material';
import CheckIcon from '@mui/icons-material/Check';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslate } from 'react-admin';

export type StatusBadgeVariant = 'success' | 'almostReady' | 'pending' | 'error';

/** ROUTE-23: a 64px circle holding a 35px icon. */
export const STATUS_BADGE_SIZE = 64;
export const STATUS_BADGE_ICON_SIZE = 35;

const variants: Record<StatusBadgeVariant, { Icon: SvgIconComponent; palette: 'success' | 'warning' | 'info' | 'error' }> = {
  success: { Icon: CheckIcon, palette: 'success' },
  almostReady: { Icon: TaskAltIcon, palette: 'warning' },
  pending: { Icon: HourglassEmptyIcon, palette: 'info' },
  error: { Icon: ErrorOutlineIcon, palette: 'error' },
};

interface StatusBadgeProps {
  variant: StatusBadgeVariant;
  /** A translation key overriding the default accessible label of the variant. */
  label?: string;
}

export const StatusBadge = ({ variant, label }: StatusBadgeProps) => {
  const translate = useTranslate();
  const { Icon, palette } = variants[variant];
  return (
    <Box
      role="img"
      aria-label={translate(label ?? `shell.status.${variant}`)}
      data-variant={variant}
      sx={{
        width: STATUS_BADGE_SIZE,
        height: STATUS_BADGE_SIZE,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        bgcolor: `${palette}.main`,
        color: `${palette}.contrastText`,
      }}
    >
      <Icon aria-hidden sx={{ fontSize: STATUS_BADGE_ICON_SIZE }} />
    </Box>
  );
};
