import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
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
import { allowedLegIntPurposes, type TcfSettings } from '../../schemas/tcf';
import { rowError, setVendorsChosen, toggleLegInt } from './tcfModel';

const PER_PAGE = 10;

const ids = (list: readonly number[] | undefined): string => (list && list.length > 0 ? list.join(', ') : '');

export interface VendorTableProps {
  settings: TcfSettings;
  errors: Record<string, string>;
  onChange: (next: TcfSettings) => void;
}

/** The GVL's vendors, searched and paged by the API, with a choice per row and for the whole page. */
export const VendorTable = ({ settings, errors, onChange }: VendorTableProps) => {
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
  const result = useQuery({ queryKey: queryKeys.tcf.vendors(q, page), queryFn: () => dataProvider.searchVendors(q, page + 1, PER_PAGE) });
  const vendors = result.data?.vendors ?? [];
  const chosen = new Map(settings.vendors.map((v, index) => [v.id, { choice: v, index }]));
  const pageChosen = vendors.filter((v) => chosen.has(v.id)).length;
  const message = (key: string | undefined) => (key ? translate(key) : undefined);
  return (
    <Box component="section" aria-labelledby="tcf-vendors-heading">
      <Typography id="tcf-vendors-heading" variant="h6" component="h3">
        {translate('tcf.vendors.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('tcf.vendors.chosen', { count: settings.vendors.length })}
      </Typography>
      <TextField
        label={translate('tcf.vendors.search')}
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
              <TableCell padding="checkbox">
                <Checkbox
                  checked={vendors.length > 0 && pageChosen === vendors.length}
                  indeterminate={pageChosen > 0 && pageChosen < vendors.length}
                  onChange={(event) => onChange(setVendorsChosen(settings, vendors, event.target.checked))}
                  slotProps={{ input: { 'aria-label': translate('tcf.vendors.select_page') } }}
                />
              </TableCell>
              <TableCell>{translate('tcf.vendors.name')}</TableCell>
              <TableCell>{translate('tcf.vendors.consent_purposes')}</TableCell>
              <TableCell>{translate('tcf.vendors.li_purposes')}</TableCell>
              <TableCell>{translate('tcf.vendors.special_features')}</TableCell>
              <TableCell>{translate('tcf.vendors.retention')}</TableCell>
              <TableCell>{translate('tcf.vendors.cookie_max_age')}</TableCell>
              <TableCell>{translate('tcf.vendors.privacy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {vendors.map((vendor) => {
              const entry = chosen.get(vendor.id);
              const privacy = vendor.urls?.find((u) => u.langId === 'en')?.privacy ?? vendor.urls?.[0]?.privacy;
              const error = entry ? message(rowError(errors, `vendors.${entry.index}`)) : undefined;
              return (
                <TableRow key={vendor.id} data-vendor={vendor.id} selected={entry !== undefined}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={entry !== undefined}
                      onChange={(event) => onChange(setVendorsChosen(settings, [vendor], event.target.checked))}
                      slotProps={{ input: { 'aria-label': translate('tcf.vendors.select', { name: vendor.name }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    {vendor.name}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      #{vendor.id}
                    </Typography>
                    {error ? <FormHelperText error>{error}</FormHelperText> : null}
                  </TableCell>
                  <TableCell>{ids(vendor.purposes) || translate('tcf.vendors.none')}</TableCell>
                  <TableCell>
                    {allowedLegIntPurposes(vendor).length === 0
                      ? translate('tcf.vendors.none')
                      : allowedLegIntPurposes(vendor).map((purpose) => (
                          <FormControlLabel
                            key={purpose}
                            label={String(purpose)}
                            disabled={entry === undefined}
                            control={
                              <Checkbox
                                size="small"
                                checked={entry?.choice.legIntPurposes.includes(purpose) ?? false}
                                onChange={(event) => onChange(toggleLegInt(settings, vendor.id, purpose, event.target.checked))}
                                slotProps={{ input: { 'aria-label': translate('tcf.vendors.allow_li', { purpose, name: vendor.name }) } }}
                              />
                            }
                          />
                        ))}
                  </TableCell>
                  <TableCell>{ids(vendor.specialFeatures) || translate('tcf.vendors.none')}</TableCell>
                  <TableCell>
                    {vendor.dataRetention?.stdRetention !== undefined
                      ? translate('tcf.vendors.retention_days', { days: vendor.dataRetention.stdRetention })
                      : ''}
                  </TableCell>
                  <TableCell>
                    {typeof vendor.cookieMaxAgeSeconds === 'number' && vendor.usesCookies
                      ? translate('tcf.vendors.cookie_seconds', { seconds: vendor.cookieMaxAgeSeconds })
                      : translate('tcf.vendors.cookie_none')}
                  </TableCell>
                  <TableCell>
                    {privacy && /^https?:\/\//.test(privacy) ? (
                      <Link href={privacy} target="_blank" rel="noopener noreferrer">
                        {translate('tcf.vendors.privacy_link')}
                      </Link>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
            {!result.isPending && vendors.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8}>{translate('tcf.vendors.empty')}</TableCell>
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
        aria-label={translate('tcf.vendors.pagination')}
      />
    </Box>
  );
};
