import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import { DomainScanStatus, ScannerUnavailableNote } from '../domains/DomainScanStatus';
import type { DomainRecord } from '../domains/domainModel';
import { useRefreshWhenScansEnd } from '../domains/useSolutionScans';

/** One page of domains is every domain a plan allows a solution (20 slots at most). */
const DOMAINS_AT_ONCE = 100;

/**
 * BEYOND-4 / SCAN-7: "Scan now" where the findings land. Each domain of the solution with its
 * latest scan, its progress and cancel, the same component and permission as the domain list;
 * when a scan ends the triage inbox below reads its findings.
 */
export const SolutionScans = ({ solutionId }: { solutionId: Identifier }) => {
  const translate = useTranslate();
  useRefreshWhenScansEnd(solutionId);
  const domains = useGetList<DomainRecord>('domains', {
    filter: { consentSolutionId: solutionId },
    sort: { field: 'canonicalDomain', order: 'ASC' },
    pagination: { page: 1, perPage: DOMAINS_AT_ONCE },
  });
  const rows = domains.data ?? [];
  const note = domains.isPending ? 'scanner.panel.loading' : domains.error ? 'scanner.panel.error' : rows.length === 0 ? 'scanner.panel.empty' : null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="scans-heading" sx={{ p: 2, mb: 2 }} data-testid="solution-scans">
      <Typography id="scans-heading" variant="h6" component="h2">
        {translate('scanner.panel.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('scanner.panel.intro')}
      </Typography>
      <ScannerUnavailableNote />
      {note ? (
        <Typography variant="body2" role={domains.error ? 'alert' : undefined}>
          {translate(note)}
        </Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((domain) => (
            <ListItem
              key={domain.id}
              disableGutters
              aria-label={String(domain.canonicalDomain)}
              sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
              data-domain={domain.canonicalDomain}
            >
              <Typography variant="body2" sx={{ minWidth: 180, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {String(domain.canonicalDomain)}
              </Typography>
              <DomainScanStatus consentSolutionId={solutionId} domainId={domain.id as Identifier} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
};
