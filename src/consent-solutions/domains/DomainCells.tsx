import { useTranslate, type Identifier } from 'react-admin';
import { LocalDateTime } from '../../components/LocalDateTime';
import { useSolutionScans } from './useSolutionScans';
import { domainTypeLabelKey, type DomainRecord } from './domainModel';

/** What the domain list's table and its phone cards show in their cells. */
export const Translated = ({ textKey }: { textKey: string }) => {
  const translate = useTranslate();
  return <>{translate(textKey)}</>;
};

/** A failed first scan is a scan too: its date shows instead of "Not scanned yet" (its reason is in the Scan column). */
export const LastScan = ({ consentSolutionId, record }: { consentSolutionId: Identifier; record: DomainRecord }) => {
  const scans = useSolutionScans(consentSolutionId);
  const latest = scans.data?.find((scan) => String(scan.domainId) === String(record.id));
  const at = record.lastScanAt ?? latest?.finishedAt ?? null;
  return at === null ? <Translated textKey="cs.domains.never_scanned" /> : <LocalDateTime value={at} />;
};

/** The domain's type in a table row: its short name, the full one (what the type means) as its title. */
export const DomainTypeName = ({ type }: { type: DomainRecord['type'] }) => {
  const translate = useTranslate();
  return <span title={translate(domainTypeLabelKey(type))}>{translate(`resources.domains.short_types.${type}`)}</span>;
};
