import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams, Route, Routes } from 'react-router-dom';
import { LocalDateTime } from '../components/LocalDateTime';
import { PageLayout } from '../components/PageLayout';
import type { AppDataProvider } from '../providers/dataProvider';
import { formatDateTime } from '../i18n/formatters';
import { queryKeys } from '../providers/queryKeys';
import type { ConsentRecord } from '../schemas/consentRecord';
import { download } from '../shared/download';
import { RetentionSetting } from './RetentionSetting';
import { StandardsRecordRows } from './StandardsRecordRows';

/**
 * BEYOND-9: proof of consent without a support ticket. `/compliance-dashboard/records/` looks
 * a record up by its ID (and lists the latest ones); `/compliance-dashboard/records/{id}/`
 * shows it and downloads its JSON export. Record fields are shown as text, never as HTML.
 */
export const ConsentRecordsPage = () => (
  <Routes>
    <Route path=":recordId/*" element={<RecordsView />} />
    <Route path="*" element={<RecordsView />} />
  </Routes>
);

const FIELDS = ['id', 'consentSolution', 'domain', 'decidedAt', 'receivedAt', 'action', 'categories', 'consentVersion', 'anonymousId', 'language'] as const;

const RecordDetails = ({ record }: { record: ConsentRecord }) => {
  const translate = useTranslate();
  const value = (field: (typeof FIELDS)[number]): string => {
    switch (field) {
      case 'consentSolution':
        return record.consentSolutionName ?? String(record.consentSolutionId);
      case 'action':
        return translate(`dashboard.totals.${record.action}`);
      case 'categories':
        return record.categories.map((c) => translate(`dashboard.categories.${c}`)).join(', ');
      case 'decidedAt':
      case 'receivedAt':
        return formatDateTime(record[field]);
      case 'language':
        return record.language ?? '–';
      default:
        return String(record[field]);
    }
  };
  const dataProvider = useDataProvider<AppDataProvider>();
  const exportJson = async () => download(await dataProvider.exportConsentRecord(record.id), `consent-record-${record.id}.json`, 'application/json');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="consent-record">
      <TableContainer>
        <Table size="small" aria-label={translate('proof.title')}>
          <TableBody>
            {FIELDS.map((field) => (
              <TableRow key={field}>
                <TableCell component="th" scope="row" sx={{ width: 240 }}>
                  {translate(`proof.fields.${field}`)}
                </TableCell>
                <TableCell data-field={field}>{value(field)}</TableCell>
              </TableRow>
            ))}
            <StandardsRecordRows record={record} />
          </TableBody>
        </Table>
      </TableContainer>
      <Button sx={{ mt: 2 }} variant="contained" onClick={() => void exportJson()}>
        {translate('proof.download')}
      </Button>
    </Paper>
  );
};

const RecordsView = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { recordId } = useParams();
  const [draft, setDraft] = useState(recordId ?? '');
  const dataProvider = useDataProvider<AppDataProvider>();
  const found = useQuery({
    queryKey: queryKeys.reports.record(recordId),
    queryFn: () => dataProvider.getConsentRecord(recordId ?? ''),
    enabled: recordId !== undefined,
    retry: false,
  });
  const recent = useQuery({ queryKey: queryKeys.reports.recentRecords, queryFn: () => dataProvider.getRecentConsentRecords(null), retry: false });

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    const id = draft.trim();
    if (id !== '') navigate(`/compliance-dashboard/records/${encodeURIComponent(id)}/`);
  };

  return (
    <PageLayout
      width="form"
      header={
        <>
          <Button component={RouterLink} to="/compliance-dashboard/" sx={{ mb: 1 }}>
            {translate('proof.back')}
          </Button>
          <Typography variant="h4" component="h1">
            {translate('proof.title')}
          </Typography>
          <Typography color="text.secondary">{translate('proof.intro')}</Typography>
        </>
      }
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} component="form" onSubmit={lookUp} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={translate('proof.lookup_label')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
          />
          <Button type="submit" variant="contained" sx={{ height: 56, whiteSpace: 'nowrap', flexShrink: 0 }}>
            {translate('proof.lookup')}
          </Button>
        </Stack>
        {recordId !== undefined && found.isError ? <Alert severity="warning">{translate('proof.not_found')}</Alert> : null}
        {found.data ? <RecordDetails record={found.data} /> : null}
        <Typography variant="h6" component="h2">
          {translate('proof.recent')}
        </Typography>
        {recent.data && recent.data.length === 0 ? <Typography>{translate('proof.empty')}</Typography> : null}
        {recent.data && recent.data.length > 0 ? (
          <TableContainer>
            <Table size="small" aria-label={translate('proof.recent')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('proof.fields.decidedAt')}</TableCell>
                  <TableCell>{translate('proof.fields.domain')}</TableCell>
                  <TableCell>{translate('proof.fields.action')}</TableCell>
                  <TableCell>{translate('proof.fields.id')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {recent.data.map((r) => (
                  <TableRow key={r.id} data-record-id={r.id}>
                    <TableCell>
                      <LocalDateTime value={r.decidedAt} />
                    </TableCell>
                    <TableCell>{r.domain}</TableCell>
                    <TableCell>{translate(`dashboard.totals.${r.action}`)}</TableCell>
                    <TableCell>
                      <RouterLink to={`/compliance-dashboard/records/${encodeURIComponent(r.id)}/`} onClick={() => setDraft(r.id)}>
                        {r.id}
                      </RouterLink>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
        <RetentionSetting />
      </Stack>
    </PageLayout>
  );
};
