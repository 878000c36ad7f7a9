import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { notify } from '../../notifications/notify';
import { queryKeys } from '../../providers/queryKeys';
import { COOKIE_CATEGORIES, type CookieCategory } from '../../schemas/cookie';
import { COMPLIANCE_FINDING_KINDS } from '../../schemas/scanner';
import { ComplianceDetail } from './ComplianceDetail';

const SUGGESTED = 'suggested';

/**
 * BEYOND-4: the solution's triage inbox, above its cookie list. Findings of the latest scans
 * (new, gone, changed, set before consent) can be selected many at a time and accepted into
 * cookie management (with their suggested category or one chosen for all) or dismissed.
 */
export const TriageInbox = ({ solutionId }: { solutionId: Identifier }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const findings = useQuery({ queryKey: queryKeys.scanner.findings(solutionId), queryFn: () => dataProvider.getFindings(solutionId) });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [category, setCategory] = useState<CookieCategory | typeof SUGGESTED>(SUGGESTED);
  const rows = findings.data ?? [];
  const ids = rows.filter((row) => selected.has(row.id)).map((row) => row.id);

  const refresh = async (): Promise<void> => {
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: queryKeys.scanner.findings(solutionId) });
    // The cookie list (react-admin's `cookies` queries) shows what was accepted.
    await queryClient.invalidateQueries({ queryKey: queryKeys.cookies.all });
  };
  const accept = useMutation({
    mutationFn: () => dataProvider.acceptFindings(solutionId, ids, category === SUGGESTED ? undefined : category),
    onSuccess: async () => {
      notify('scanner.inbox.accepted', { type: 'success', messageArgs: { count: ids.length } });
      await refresh();
    },
  });
  const dismiss = useMutation({
    mutationFn: () => dataProvider.dismissFindings(solutionId, ids),
    onSuccess: async () => {
      notify('scanner.inbox.dismissed', { type: 'success', messageArgs: { count: ids.length } });
      await refresh();
    },
  });

  const toggle = (id: number): void => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allSelected = rows.length > 0 && ids.length === rows.length;

  return (
    <Paper component="section" variant="outlined" aria-labelledby="triage-heading" sx={{ p: 2, mb: 2 }} data-testid="triage-inbox">
      <Typography id="triage-heading" variant="h6" component="h2">
        {translate('scanner.inbox.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('scanner.inbox.intro')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">{translate(findings.isPending ? 'scanner.inbox.loading' : 'scanner.inbox.empty')}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <TextField
              select
              size="small"
              label={translate('scanner.inbox.category')}
              value={category}
              onChange={(event) => setCategory(event.target.value as CookieCategory | typeof SUGGESTED)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value={SUGGESTED}>{translate('scanner.inbox.suggested_category')}</MenuItem>
              {COOKIE_CATEGORIES.map((value) => (
                <MenuItem key={value} value={value}>
                  {translate(`scanner.categories.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" disabled={ids.length === 0 || accept.isPending} onClick={() => accept.mutate()}>
              {translate('scanner.inbox.accept', { count: ids.length })}
            </Button>
            <Button variant="outlined" disabled={ids.length === 0 || dismiss.isPending} onClick={() => dismiss.mutate()}>
              {translate('scanner.inbox.dismiss', { count: ids.length })}
            </Button>
          </Box>
          <TableContainer>
            <Table size="small" aria-labelledby="triage-heading">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={ids.length > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
                      slotProps={{ input: { 'aria-label': translate('scanner.inbox.select_all') } }}
                    />
                  </TableCell>
                  <TableCell>{translate('scanner.inbox.columns.kind')}</TableCell>
                  <TableCell>{translate('scanner.inbox.columns.name')}</TableCell>
                  <TableCell>{translate('scanner.inbox.columns.domain')}</TableCell>
                  <TableCell>{translate('scanner.inbox.columns.category')}</TableCell>
                  <TableCell>{translate('scanner.inbox.columns.before_consent')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} hover selected={selected.has(row.id)} data-finding={row.name} data-kind={row.kind}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row.id)}
                        slotProps={{ input: { 'aria-label': translate('scanner.inbox.select', { name: row.name }) } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={translate(`scanner.kinds.${row.kind}`)}
                        color={row.kind === 'set_before_consent' || COMPLIANCE_FINDING_KINDS.includes(row.kind) ? 'warning' : 'default'}
                      />
                      <ComplianceDetail finding={row} />
                    </TableCell>
                    <TableCell>{row.name}</TableCell>
                    <TableCell>{row.domain}</TableCell>
                    <TableCell>{translate(`scanner.categories.${row.suggestedCategory}`)}</TableCell>
                    <TableCell>{row.setBeforeConsent ? translate('scanner.inbox.yes') : translate('scanner.inbox.no')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Paper>
  );
};
