import type { MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CreateButton, DataTable, Link, Pagination, SearchInput, useListContext, useTranslate } from 'react-admin';
import { GuardedList } from '../components/GuardedList';
import { DeferredListContext } from '../components/deferredContexts';
import { EmptyState } from '../components/EmptyState';
import { PageLayout } from '../components/PageLayout';
import { DomainStatusChip } from './domains/DomainStatusChip';
import { detailPath } from '../shared/consentSolutionPaths';
import type { ConsentSolution } from './consentSolutionModel';
import { publicDomains } from './publicDomains';

/** ROUTE-10: 25 rows a page, fetched page by page, so 10 000 solutions cost the same as 25. */
export const CONSENT_SOLUTIONS_PER_PAGE = 25;

// The filter form reads `source` and `alwaysOn` from the element itself, so they are props here.
const SearchFilter = ({ source, alwaysOn }: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const text = translate('cs.list.search');
  return <SearchInput source={source} alwaysOn={alwaysOn} placeholder={text} slotProps={{ htmlInput: { 'aria-label': text } }} />;
};

// The API matches `q` against the name and every public domain (docs/api.md).
const filters = [<SearchFilter key="q" source="q" alwaysOn />];

/** The first-run state: no solution yet, one clear way forward (ROUTE-10). */
export const ConsentSolutionsEmpty = () => (
  <EmptyState heading="cs.list.empty_heading" description="cs.list.empty_description" action={<CreateButton variant="contained" />} />
);

/**
 * ROUTE-10, ROUTE-23: a search that matches nothing gets the same overlay as an empty account,
 * saying what was searched and offering the way back to the full list.
 */
export const ConsentSolutionsNoMatch = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const search = typeof filterValues.q === 'string' ? filterValues.q : '';
  return (
    <EmptyState
      heading="cs.list.no_match_heading"
      headingArgs={{ search }}
      description="cs.list.no_match_description"
      action={
        <Button variant="contained" onClick={() => setFilters({}, [])}>
          {translate('cs.list.clear_search')}
        </Button>
      }
    />
  );
};

type Row = Pick<ConsentSolution, 'id' | 'name' | 'domains'>;

const NameCell = ({ record }: { record: Row }) => (
  // A real link, so the row is reachable and openable by keyboard; the row click covers the mouse.
  <Link to={detailPath(record.id)} onClick={(event: MouseEvent) => event.stopPropagation()}>
    {record.name}
  </Link>
);

const PublicDomainsCell = ({ record }: { record: Row }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {publicDomains(record).map((domain) => (
      <DomainStatusChip key={domain.id} status={domain.status} text={domain.canonicalDomain} />
    ))}
  </Stack>
);

export const ConsentSolutionList = () => {
  const translate = useTranslate();
  return (
    <PageLayout
      width="table"
      header={
        <Typography variant="h4" component="h1">
          {translate('resources.consent-solutions.name', { smart_count: 2 })}
        </Typography>
      }
    >
      <GuardedList
        resource="consent-solutions"
        title="resources.consent-solutions.name"
        perPage={CONSENT_SOLUTIONS_PER_PAGE}
        sort={{ field: 'name', order: 'ASC' }}
        filters={filters}
        empty={<ConsentSolutionsEmpty />}
        // A search is for this visit only: one remembered from an earlier visit read as data loss.
        storeKey={false}
        // Rendered with the rows, from the same deferred state: shown before them, it was pushed
        // down the screen when they arrived (a layout shift).
        pagination={false}
      >
        <DeferredListContext>
          <DataTable<ConsentSolution> rowClick={(id) => detailPath(id)} bulkActionButtons={false} empty={<ConsentSolutionsNoMatch />}>
            <DataTable.Col source="name" label="resources.consent-solutions.fields.name" render={(record) => <NameCell record={record as Row} />} />
            <DataTable.Col
              source="domains"
              label="resources.consent-solutions.fields.domains"
              disableSort
              render={(record) => <PublicDomainsCell record={record as Row} />}
            />
          </DataTable>
          <Pagination />
        </DeferredListContext>
      </GuardedList>
    </PageLayout>
  );
};
