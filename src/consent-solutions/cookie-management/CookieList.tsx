import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { frFR } from '@mui/x-data-grid/locales';
import { Link, useDataProvider, useDeleteMany, useGetList, useLocaleState, useTranslate, useUpdateMany } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../providers/dataProvider';
import { formatDate } from '../../i18n/formatters';
import { notify } from '../../notifications/notify';
import { COOKIE_CATEGORIES, type Cookie, type CookieCategory } from '../../schemas/cookie';
import { download as saveFile } from '../../shared/download';
import { CookieImportDialog } from './CookieImportDialog';
import { emptySelection, selectedIds, type SolutionSummary } from './cookieModel';

const PAGE_SIZES = [25, 50, 100];
const SEARCH_DELAY_MS = 300;

/**
 * ROUTE-18 `cookie-management/`: the solution's cookies in a data grid paged, sorted, filtered
 * and searched on the server; several can be moved to another category or deleted at once.
 */
export const CookieList = ({ solution }: { solution: SolutionSummary }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale = 'en'] = useLocaleState();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [category, setCategory] = useState<CookieCategory | ''>('');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<GridRowSelectionModel>(emptySelection);
  const [newCategory, setNewCategory] = useState<CookieCategory>('necessary');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(searchInput.trim());
      setPagination((current) => ({ ...current, page: 0 }));
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput]);

  const sort = sortModel[0];
  const filter = { consentSolutionId: solution.id, ...(category === '' ? {} : { category }), ...(search === '' ? {} : { q: search }) };
  const {
    data = [],
    total = 0,
    isPending,
    refetch,
  } = useGetList<Cookie>(
    'cookies',
    {
      pagination: { page: pagination.page + 1, perPage: pagination.pageSize },
      sort: { field: sort?.field ?? 'name', order: sort?.sort === 'desc' ? 'DESC' : 'ASC' },
      filter,
    },
    { placeholderData: (previous) => previous },
  );
  const [updateMany, { isPending: updating }] = useUpdateMany<Cookie>();
  const [deleteMany, { isPending: deleting }] = useDeleteMany<Cookie>();
  const ids = selectedIds(selection, data);

  const columns = useMemo<GridColDef<Cookie>[]>(
    () => [
      {
        field: 'name',
        headerName: translate('cookies.fields.name'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Link to={`${encodeURIComponent(String(row.id))}/`} onClick={(event: MouseEvent) => event.stopPropagation()}>
            {row.name}
          </Link>
        ),
      },
      { field: 'domain', headerName: translate('cookies.fields.domain'), flex: 1, minWidth: 160 },
      {
        field: 'category',
        headerName: translate('cookies.fields.category'),
        width: 150,
        valueFormatter: (value: CookieCategory) => translate(`translations.categories.${value}`),
      },
      {
        field: 'expiryDays',
        headerName: translate('cookies.fields.expiryDays'),
        width: 130,
        valueFormatter: (value: number | null) => (value === null ? translate('cookies.session') : translate('cookies.days', { smart_count: value })),
      },
      {
        field: 'dataProcessor',
        headerName: translate('cookies.fields.dataProcessor'),
        sortable: false,
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => row.dataProcessor?.name ?? '',
      },
      { field: 'source', headerName: translate('cookies.fields.source'), width: 110, valueFormatter: (value: string) => translate(`cookies.sources.${value}`) },
      {
        field: 'lastSeen',
        headerName: translate('cookies.fields.lastSeen'),
        width: 130,
        valueFormatter: (value: string) => formatDate(value),
      },
    ],
    // translate changes with the language, and with it the dates (formatDate reads the UI language).
    [translate],
  );

  const afterBulk = () => {
    setSelection(emptySelection());
    void refetch();
  };
  const recategorise = () =>
    updateMany(
      'cookies',
      { ids, data: { category: newCategory } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('cookies.notifications.recategorised', { smart_count: ids.length }), { type: 'success' });
          afterBulk();
        },
        onError: () => void refetch(),
      },
    );
  const remove = () => {
    setConfirmDelete(false);
    void deleteMany(
      'cookies',
      { ids },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('cookies.notifications.deleted', { smart_count: ids.length }), { type: 'success' });
          afterBulk();
        },
        onError: () => void refetch(),
      },
    );
  };
  const download = async () => {
    try {
      const file = await dataProvider.exportCookies(solution.id);
      saveFile(file.text, file.filename, file.type);
    } catch {
      // The dataProvider showed the export notice.
    }
  };

  return (
    <Box component="section" aria-labelledby="cookies-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="cookies-heading" variant="h5" component="h2">
          {translate('cookies.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<DownloadIcon />} onClick={() => void download()}>
            {translate('cookies.actions.export_csv')}
          </Button>
          <Button startIcon={<UploadIcon />} variant="outlined" onClick={() => setImportOpen(true)}>
            {translate('cookies.actions.import_csv')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="create/">
            {translate('cookies.add')}
          </Button>
        </Box>
      </Box>

      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          label={translate('cookies.search')}
          type="search"
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          size="small"
        />
        <TextField
          select
          size="small"
          label={translate('cookies.fields.category')}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value as CookieCategory | '');
            setPagination((current) => ({ ...current, page: 0 }));
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'cookie-category-filter' } } }}
        >
          <MenuItem value="">{translate('cookies.all_categories')}</MenuItem>
          {COOKIE_CATEGORIES.map((id) => (
            <MenuItem key={id} value={id}>
              {translate(`translations.categories.${id}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {ids.length > 0 && (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, mb: 1, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
          role="region"
          aria-label={translate('cookies.selected', { smart_count: ids.length })}
        >
          <Typography role="status">{translate('cookies.selected', { smart_count: ids.length })}</Typography>
          <TextField
            select
            size="small"
            label={translate('cookies.recategorise_to')}
            value={newCategory}
            onChange={(event) => setNewCategory(event.target.value as CookieCategory)}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'cookie-bulk-category' } } }}
          >
            {COOKIE_CATEGORIES.map((id) => (
              <MenuItem key={id} value={id}>
                {translate(`translations.categories.${id}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={updating} onClick={recategorise}>
            {translate('cookies.recategorise')}
          </Button>
          <Button color="error" startIcon={<DeleteIcon />} disabled={deleting} onClick={() => setConfirmDelete(true)}>
            {translate('cookies.delete_selected')}
          </Button>
        </Paper>
      )}

      <DataGrid<Cookie>
        rows={data}
        columns={columns}
        rowCount={total}
        loading={isPending}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={PAGE_SIZES}
        sortModel={sortModel}
        onSortModelChange={(model) => setSortModel(model.length > 0 ? model : [{ field: 'name', sort: 'asc' }])}
        checkboxSelection
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        disableColumnFilter
        autoHeight
        localeText={locale === 'fr' ? frFR.components.MuiDataGrid.defaultProps.localeText : { noRowsLabel: translate('cookies.empty') }}
        aria-labelledby="cookies-heading"
      />

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby="cookies-delete-title">
        <DialogTitle id="cookies-delete-title">{translate('cookies.delete_confirm_title')}</DialogTitle>
        <DialogContent>{translate('cookies.delete_confirm_body', { smart_count: ids.length })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{translate('cookies.actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={remove}>
            {translate('cookies.actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>

      <CookieImportDialog solutionId={solution.id} open={importOpen} onClose={() => setImportOpen(false)} onImported={() => void refetch()} />
    </Box>
  );
};
