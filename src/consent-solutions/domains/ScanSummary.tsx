import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LocalNumber } from '../../components/LocalDateTime';
import type { Scan } from '../../schemas/scanner';
import { stateSummary } from './scanProgressModel';

/** SCAN-7: the last scan's pages and cookies per consent state, behind a disclosure button so a row stays one line. */
export const ScanSummary = ({ scan }: { scan: Scan }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const id = useId();
  const rows = stateSummary(scan);
  return (
    <Box>
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {translate(open ? 'scanner.summary.hide' : 'scanner.summary.show')}
      </Button>
      {open ? (
        <Box id={id} sx={{ mt: 0.5 }}>
          {rows.length === 0 ? (
            <Typography variant="body2">{translate('scanner.summary.empty')}</Typography>
          ) : (
            <Table size="small" aria-label={translate('scanner.summary.title')} data-testid="scan-summary">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('scanner.summary.state')}</TableCell>
                  <TableCell align="right">{translate('scanner.summary.pages')}</TableCell>
                  <TableCell align="right">{translate('scanner.summary.cookies')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.state} data-state={row.state}>
                    {/* The state reads mid-sentence elsewhere ("Now checking before consent"); here it starts the line. */}
                    <TableCell sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>{translate(`scanner.states.${row.state}`)}</TableCell>
                    <TableCell align="right">{translate('scanner.summary.pages_value', { visited: row.visited, planned: row.planned })}</TableCell>
                    <TableCell align="right">
                      <LocalNumber value={row.cookies} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      ) : null}
    </Box>
  );
};
