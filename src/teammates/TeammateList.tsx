import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { CreateButton, DataTable, DeleteWithConfirmButton, SearchInput, TopToolbar, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { GuardedList } from '../components/GuardedList';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { currentLanguage } from '../i18n/i18n';
import { getSession, subscribe } from '../session/sessionState';
import { useCan } from '../hooks/useCan';
import { relativeTime } from './lastSeen';

interface Teammate {
  id: number;
  email: string;
  name: string;
  status: 'active' | 'pending' | 'disabled';
  lastSeenAt: string | null;
}

const TEAMMATES_PER_PAGE = 25;

const SearchFilter = ({ source, alwaysOn }: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const text = translate('teammates.search');
  return <SearchInput source={source} alwaysOn={alwaysOn} placeholder={text} slotProps={{ htmlInput: { 'aria-label': text } }} />;
};

// The API matches `q` against the email (docs/api.md, Teammates).
const filters = [<SearchFilter key="q" source="q" alwaysOn />];

const LastSeen = ({ record }: { record: Teammate }) => {
  // The UI language, not react-admin's useLocale: one locale-store subscriber per cell froze the
  // production build's list; useTranslate already re-renders the cell when the language changes.
  const translate = useTranslate();
  if (record.lastSeenAt === null) return <>{translate('teammates.never_seen')}</>;
  return <time dateTime={record.lastSeenAt}>{relativeTime(record.lastSeenAt, currentLanguage())}</time>;
};

/** Whether the row is the signed-in user: nobody removes themselves from the team here. */
const useIsSelf = (record: Teammate | undefined): boolean => {
  const session = useSyncExternalStore(subscribe, getSession);
  return record !== undefined && session !== null && session.email.toLowerCase() === record.email.toLowerCase();
};

/** ROUTE-8: removing asks first; a refusal shows the API's reason and the failure notice (ERR-1). */
const RemoveButton = () => {
  const record = useRecordContext<Teammate>();
  const notify = useNotify();
  const self = useIsSelf(record);
  if (!record || self) return null;
  return (
    <DeleteWithConfirmButton
      label="teammates.remove"
      confirmTitle="teammates.remove_title"
      confirmContent="teammates.remove_content"
      translateOptions={{ email: record.email }}
      titleTranslateOptions={{ email: record.email }}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => notify('teammates.notifications.removed', { type: 'success' }),
        onError: () => notify('teammates.notifications.remove_failed', { type: 'error' }),
      }}
    />
  );
};

const Actions = () => {
  const translate = useTranslate();
  const canReadAudit = useCan('audit.read');
  const canInvite = useCan('teammates.invite');
  return (
    <TopToolbar>
      {canReadAudit ? (
        <Button component={Link} to="/audit-log/" startIcon={<HistoryIcon />}>
          {translate('audit.open')}
        </Button>
      ) : null}
      {canInvite ? <CreateButton label="teammates.invite" /> : null}
    </TopToolbar>
  );
};

export const TeammateList = () => {
  const translate = useTranslate();
  const canRemove = useCan('teammates.delete');
  return (
    <PageLayout
      width="table"
      header={
        <Typography variant="h4" component="h1">
          {translate('resources.teammates.name')}
        </Typography>
      }
    >
      <GuardedList
        resource="teammates"
        title="resources.teammates.name"
        perPage={TEAMMATES_PER_PAGE}
        sort={{ field: 'email', order: 'ASC' }}
        filters={filters}
        actions={<Actions />}
        // A search is for this visit only (as in the consent solutions list).
        storeKey={false}
      >
        <DataTable<Teammate> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="email" label="resources.teammates.fields.email" />
          <DataTable.Col
            source="status"
            label="resources.teammates.fields.status"
            render={(record) => translate(`teammates.status.${(record as Teammate).status}`)}
          />
          <DataTable.Col source="lastSeenAt" label="resources.teammates.fields.lastSeenAt" render={(record) => <LastSeen record={record as Teammate} />} />
          {canRemove ? (
            <DataTable.Col label="resources.teammates.fields.actions" disableSort>
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <RemoveButton />
              </Stack>
            </DataTable.Col>
          ) : null}
        </DataTable>
      </GuardedList>
    </PageLayout>
  );
};
