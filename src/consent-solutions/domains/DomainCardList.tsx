import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, useListContext, useTranslate, type Identifier } from 'react-admin';
import { LocalNumber } from '../../components/LocalDateTime';
import { domainEditPath } from '../../shared/consentSolutionPaths';
import { LastScan, Translated } from './DomainCells';
import { DomainScanStatus } from './DomainScanStatus';
import { DomainStatusChip } from './DomainStatusChip';
import { domainTypeLabelKey, scanDepthLabelKey, scanFrequencyLabelKey, type DomainRecord } from './domainModel';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" component="dt" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ m: 0 }}>
      {children}
    </Typography>
  </Box>
);

/**
 * ROUTE-16 on a phone: each domain as a card, its status and scan in view. The table's eight
 * columns do not fit 390 px: Status and Scan ended up beyond the screen's edge.
 */
export const DomainCardList = ({ consentSolutionId }: { consentSolutionId: Identifier }) => {
  const translate = useTranslate();
  const { data = [] } = useListContext<DomainRecord>();
  const label = (field: string) => translate(`resources.domains.fields.${field}`);
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {data.map((record) => (
        <Paper component="li" variant="outlined" key={record.id} sx={{ p: 1.5, display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Link to={domainEditPath(consentSolutionId, record.id)} sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
              {record.canonicalDomain}
            </Link>
            <DomainStatusChip status={record.status} />
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
            <Fact label={label('type')}>
              <Translated textKey={domainTypeLabelKey(record.type)} />
            </Fact>
            <Fact label={label('scanDepth')}>
              <Translated textKey={scanDepthLabelKey(record.scanDepth)} />
            </Fact>
            <Fact label={label('scanFrequency')}>
              <Translated textKey={scanFrequencyLabelKey(record.scanFrequency)} />
            </Fact>
            <Fact label={label('cookiesFound')}>
              <LocalNumber value={record.cookiesFound} />
            </Fact>
            <Fact label={label('lastScanAt')}>
              <LastScan consentSolutionId={consentSolutionId} record={record} />
            </Fact>
          </Box>
          <Box>
            <Typography variant="caption" component="p" color="text.secondary">
              {translate('scanner.column')}
            </Typography>
            <DomainScanStatus consentSolutionId={consentSolutionId} domainId={record.id} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
};
