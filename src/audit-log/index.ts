import HistoryIcon from '@mui/icons-material/History';
import { lazyWithReload } from '../shared/lazyWithReload';

const AuditLogList = lazyWithReload(async () => ({ default: (await import('./AuditLogList')).AuditLogList }));

/** `<Resource name="audit-log" {...auditLog} />`: BEYOND-7's `/audit-log/`, a read-only list. */
export default {
  list: AuditLogList,
  icon: HistoryIcon,
  recordRepresentation: 'summary',
};
