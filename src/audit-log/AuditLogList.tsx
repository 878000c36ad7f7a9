import Typography from '@mui/material/Typography';
import { DataTable, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { EmptyState } from '../components/EmptyState';
import { GuardedList } from '../components/GuardedList';
import { LocalDateTime } from '../components/LocalDateTime';
import { PageLayout } from '../components/PageLayout';
import { auditSentence, type AuditEntryView } from './auditSentence';

/** BEYOND-7: who changed what and when in the account being acted on; filterable, newest first. */
interface AuditRow extends AuditEntryView {
  id: number;
  at: string;
  summary: string;
}

const SearchFilter = ({ source, alwaysOn }: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const text = translate('audit.search');
  return <SearchInput source={source} alwaysOn={alwaysOn} placeholder={text} slotProps={{ htmlInput: { 'aria-label': text } }} />;
};

const ACTIONS = ['create', 'update', 'delete', 'action'] as const;
const RESOURCES = ['consent-solutions', 'domains', 'teammates', 'accounts', 'subscriptions', 'cookies'] as const;

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label="resources.audit-log.fields.action"
    choices={ACTIONS.map((id) => ({ id, name: `audit.action.${id}` }))}
    alwaysOn
  />,
  <SelectInput
    key="resource"
    source="resource"
    label="resources.audit-log.fields.resource"
    choices={RESOURCES.map((id) => ({ id, name: id }))}
    translateChoice={false}
    alwaysOn
  />,
];

export const AuditLogList = () => {
  const translate = useTranslate();
  return (
    <PageLayout
      width="table"
      header={
        <Typography variant="h4" component="h1">
          {translate('audit.title')}
        </Typography>
      }
    >
      <GuardedList
        title="audit.title"
        perPage={25}
        sort={{ field: 'id', order: 'DESC' }}
        filters={filters}
        actions={false}
        disableSyncWithLocation
        // ROUTE-23: a new account's log says what will appear here, not react-admin's faint default.
        empty={<EmptyState heading="audit.empty_heading" description="audit.empty_description" />}
      >
        <DataTable<AuditRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="at" label="resources.audit-log.fields.at" render={(record) => <LocalDateTime value={(record as AuditRow).at} />} />
          <DataTable.Col
            source="userEmail"
            label="resources.audit-log.fields.userEmail"
            // DEPLOY-6: what the provider's staff did is shown as the provider's.
            render={(record) => (record as AuditRow).userEmail ?? translate('deploy.provider')}
          />
          <DataTable.Col
            source="action"
            label="resources.audit-log.fields.action"
            render={(record) => translate(`audit.action.${(record as AuditRow).action}`)}
          />
          <DataTable.Col
            source="summary"
            label="resources.audit-log.fields.summary"
            disableSort
            // BEYOND-10: a sentence in the reader's language, rendered as text.
            render={(record) => auditSentence(record as AuditRow, translate)}
          />
        </DataTable>
      </GuardedList>
    </PageLayout>
  );
};
