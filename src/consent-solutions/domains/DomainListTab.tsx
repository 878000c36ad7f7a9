import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, Link, ListBase, Pagination, useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { UnlessListFailed } from '../../components/GuardedList';
import { LocalNumber } from '../../components/LocalDateTime';
import { DomainScanStatus, ScannerUnavailableNote } from './DomainScanStatus';
import { useRefreshWhenScansEnd } from './useSolutionScans';
import { DomainCardList } from './DomainCardList';
import { DomainTypeName, LastScan, Translated } from './DomainCells';
import { domainCreatePath, domainEditPath } from '../../shared/consentSolutionPaths';
import { DomainStatusChip } from './DomainStatusChip';
import { scanDepthLabelKey, scanFrequencyLabelKey, type DomainRecord } from './domainModel';

const label = (field: string) => `resources.domains.fields.${field}`;

/** ROUTE-16 `domains/`: the solution's domains, a page at a time, each opening its edit screen. */
export const DomainListTab = ({ consentSolutionId }: { consentSolutionId: Identifier }) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  useRefreshWhenScansEnd(consentSolutionId);
  return (
    <Box component="section" aria-labelledby="domains-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="domains-heading" variant="h5" component="h2">
          {translate('cs.tabs.domains')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={domainCreatePath(consentSolutionId)}>
          {translate('cs.domains.add')}
        </Button>
      </Box>
      <ScannerUnavailableNote />
      <ListBase
        resource="domains"
        filter={{ consentSolutionId }}
        sort={{ field: 'canonicalDomain', order: 'ASC' }}
        perPage={25}
        // The page, sort and filter belong to this tab, not to the URL of the solution's detail.
        disableSyncWithLocation
        storeKey={false}
      >
        <UnlessListFailed>
          {phone ? (
            <DomainCardList consentSolutionId={consentSolutionId} />
          ) : (
            <DataTable<DomainRecord>
              rowClick={(id) => domainEditPath(consentSolutionId, id)}
              bulkActionButtons={false}
              // One line per domain at 1440 px: cells do not wrap, and their sides are narrower than MUI's 16 px.
              sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap', px: 1 } }}
            >
              <DataTable.Col
                source="canonicalDomain"
                label={label('canonicalDomain')}
                render={(record) => (
                  // A real link for keyboard users; the row click covers the mouse.
                  <Link to={domainEditPath(consentSolutionId, record.id as Identifier)} onClick={(event: MouseEvent) => event.stopPropagation()}>
                    {String(record.canonicalDomain)}
                  </Link>
                )}
              />
              <DataTable.Col source="type" label={label('type')} render={(record) => <DomainTypeName type={(record as DomainRecord).type} />} />
              <DataTable.Col
                source="scanDepth"
                label={label('scanDepth')}
                render={(record) => <Translated textKey={scanDepthLabelKey((record as DomainRecord).scanDepth)} />}
              />
              <DataTable.Col
                source="scanFrequency"
                label={label('scanFrequency')}
                render={(record) => <Translated textKey={scanFrequencyLabelKey((record as DomainRecord).scanFrequency)} />}
              />
              <DataTable.Col source="status" label={label('status')} render={(record) => <DomainStatusChip status={(record as DomainRecord).status} />} />
              <DataTable.Col
                source="lastScanAt"
                label={label('lastScanAt')}
                render={(record) => <LastScan consentSolutionId={consentSolutionId} record={record as DomainRecord} />}
              />
              <DataTable.Col
                source="cookiesFound"
                label={label('cookiesFound')}
                align="right"
                render={(record) => <LocalNumber value={(record as DomainRecord).cookiesFound} />}
              />
              <DataTable.Col
                label="scanner.column"
                disableSort
                render={(record) => <DomainScanStatus consentSolutionId={consentSolutionId} domainId={(record as DomainRecord).id as Identifier} />}
              />
            </DataTable>
          )}
          <Pagination />
        </UnlessListFailed>
      </ListBase>
    </Box>
  );
};
