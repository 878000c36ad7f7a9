import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { RECORD_EXPORT_FORMATS, type RecordExportFormat, type ReportFilter } from '../schemas/consentRecord';
import { download } from '../shared/download';

const MEDIA_TYPES: Record<RecordExportFormat, string> = { csv: 'text/csv', jsonl: 'application/x-ndjson' };

/**
 * LOG-3: every consent record the dashboard's filter selects, as CSV or JSON Lines. The API
 * streams the file; the browser keeps it as a Blob until it is saved. A failure is a toast
 * (the data provider's), and the button is usable again.
 */
export const RecordsExportButton = ({ filter, disabled }: { filter: ReportFilter; disabled: boolean }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);

  const exportAs = async (format: RecordExportFormat) => {
    setAnchor(null);
    setPending(true);
    try {
      const blob = await dataProvider.exportConsentRecords(filter, format);
      download(blob, `consent-records-${filter.from}-${filter.to}.${format}`, MEDIA_TYPES[format]);
    } catch {
      // The data provider has shown why.
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        disabled={disabled || pending}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        title={translate('proof.export.hint')}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate(pending ? 'proof.export.preparing' : 'proof.export.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {RECORD_EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void exportAs(format)}>
            {translate(`proof.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
