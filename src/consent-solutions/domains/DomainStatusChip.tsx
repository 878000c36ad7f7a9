import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useTranslate } from 'react-admin';
import type { DomainStatus } from '../../schemas/domain';
import { domainStatusVariant } from './domainStatus';
import { visuallyHidden } from '../../theme/visuallyHidden';

const look = {
  success: { Icon: CheckIcon, color: 'success' },
  pending: { Icon: HourglassEmptyIcon, color: 'info' },
  error: { Icon: ErrorOutlineIcon, color: 'error' },
} as const;

interface DomainStatusChipProps {
  status: DomainStatus;
  /** Shown inside the chip, e.g. the domain in the list; else the status name. */
  text?: string;
}

/**
 * A domain's status, small enough for a table row. The shared StatusBadge is a 64px circle
 * (ROUTE-23) meant for a page; a row needs the same colours at text size. The status is
 * always in the text, never in the colour alone. What it means is its tooltip, shown on hover
 * and on keyboard focus and read as the chip's description (a tooltip must be reachable without
 * a mouse, so the chip is a tab stop).
 */
export const DomainStatusChip = ({ status, text }: DomainStatusChipProps) => {
  const translate = useTranslate();
  const variant = domainStatusVariant(status);
  const { Icon, color } = look[variant];
  const statusText = translate(`resources.domains.statuses.${status}`);
  return (
    <Tooltip title={translate(`status_help.domain.${status}`)} describeChild arrow>
      <Chip
        tabIndex={0}
        size="small"
        variant="outlined"
        color={color}
        icon={<Icon aria-hidden />}
        label={
          text === undefined ? (
            statusText
          ) : (
            <>
              {text}
              {/* Read by screen readers, not shown: the colour and icon already say it to sighted users. */}
              <Box component="span" sx={visuallyHidden}>{` (${statusText})`}</Box>
            </>
          )
        }
        data-status={status}
        // The hidden text is positioned: without a positioned chip it escapes a scrolling table's
        // clipping and widens the page on a phone (ROUTE-23).
        sx={{ position: 'relative' }}
      />
    </Tooltip>
  );
};
