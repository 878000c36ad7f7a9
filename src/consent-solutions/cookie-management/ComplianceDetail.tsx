import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Finding } from '../../schemas/scanner';

/**
 * SCAN-4: under a compliance finding's kind, the consent state it happened in, the storage it is
 * in and on how many pages; nothing for the cookie list's own findings.
 */
export const ComplianceDetail = ({ finding }: { finding: Finding }) => {
  const translate = useTranslate();
  if (!finding.consentState) return null;
  const parts = [
    translate(`scanner.compliance.states.${finding.consentState}`),
    finding.storageKind ? translate(`scanner.compliance.storage.${finding.storageKind}`) : null,
    finding.kind === 'state_unreached' ? translate('scanner.compliance.unreached') : null,
    finding.pages ? translate('scanner.compliance.pages', { pages: finding.pages }) : null,
  ].filter((part): part is string => part !== null);
  return (
    <Typography variant="caption" component="div" color="text.secondary" data-compliance-state={finding.consentState}>
      {parts.join(' · ')}
    </Typography>
  );
};
