import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import { rowError } from './tcfModel';
import type { VendorTableProps } from './VendorTable';

const PER_PAGE = 10;

/**
 * STD-14: Google's Additional Consent providers (ad tech not on the IAB's list), searched and
 * paged by the API like the vendors; the chosen ones are listed by the banner and signalled in
 * the AC string beside the TC string.
 */
export const AcProviders = ({ settings, errors, onChange }: VendorTableProps) => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  // One request once typing pauses, not one per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQ(search), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const dataProvider = useDataProvider<AppDataProvider>();
  const result = useQuery({ queryKey: queryKeys.tcf.acProviders(q, page), queryFn: () => dataProvider.searchAcProviders(q, page + 1, PER_PAGE) });
  const providers = result.data?.providers ?? [];
  const toggle = (id: number, chosen: boolean) =>
    onChange({ ...settings, acProviders: chosen ? [...settings.acProviders, id] : settings.acProviders.filter((other) => other !== id) });
  return (
    <Box component="section" aria-labelledby="tcf-ac-heading">
      <Typography id="tcf-ac-heading" variant="h6" component="h3">
        {translate('tcf.ac.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('tcf.ac.intro')}
      </Typography>
      <Typography variant="body2">{translate('tcf.ac.chosen', { count: settings.acProviders.length })}</Typography>
      <TextField
        label={translate('tcf.ac.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        size="small"
        sx={{ my: 1, minWidth: 320 }}
      />
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('tcf.ac.name')}</TableCell>
              <TableCell>{translate('tcf.ac.policy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {providers.map((provider) => {
              const index = settings.acProviders.indexOf(provider.id);
              const error = index >= 0 ? rowError(errors, `acProviders.${index}`) : undefined;
              return (
                <TableRow key={provider.id} data-ac-provider={provider.id} selected={index >= 0}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={index >= 0}
                      onChange={(event) => toggle(provider.id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': translate('tcf.ac.select', { name: provider.name }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    {provider.name}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      #{provider.id}
                    </Typography>
                    {error ? <FormHelperText error>{translate(error)}</FormHelperText> : null}
                  </TableCell>
                  <TableCell>
                    {/^https?:\/\//.test(provider.policyUrl) ? (
                      <Link href={provider.policyUrl} target="_blank" rel="noopener noreferrer">
                        {translate('tcf.vendors.privacy_link')}
                      </Link>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
            {!result.isPending && providers.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3}>{translate('tcf.ac.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={result.data?.total ?? 0}
        page={page}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
        onPageChange={(_event, next) => setPage(next)}
        aria-label={translate('tcf.ac.pagination')}
      />
    </Box>
  );
};
