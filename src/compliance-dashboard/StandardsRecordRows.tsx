import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { ConsentRecord } from '../schemas/consentRecord';

/**
 * BEYOND-9 with the standards' signals (STD-3, STD-4, STD-13, STD-14): what the decision carried
 * besides our categories: the GPC signal and the region rule always; the TC string, the IAB GPP
 * string with its sections and Google's AC string when the solution had them on. Shown as text;
 * the strings are long and break anywhere.
 */
export const StandardsRecordRows = ({ record }: { record: ConsentRecord }) => {
  const translate = useTranslate();
  const rows: [string, string][] = [
    ['gpc', translate(record.gpc ? 'proof.standards.yes' : 'proof.standards.no')],
    ['regionRule', record.regionRule],
    ...(record.tcString === null ? [] : [['tcString', record.tcString] as [string, string]]),
    ...(record.gppString === null ? [] : [['gppString', record.gppString] as [string, string]]),
    ...(record.gppSid === null ? [] : [['gppSid', record.gppSid.join(', ')] as [string, string]]),
    ...(record.acString === null ? [] : [['acString', record.acString] as [string, string]]),
  ];
  return rows.map(([field, value]) => (
    <TableRow key={field}>
      <TableCell component="th" scope="row" sx={{ width: 240 }}>
        {translate(`proof.standards.${field}`)}
      </TableCell>
      <TableCell data-field={field} sx={{ wordBreak: 'break-all' }}>
        {value}
      </TableCell>
    </TableRow>
  ));
};
