import GroupIcon from '@mui/icons-material/Group';
import { lazyWithReload } from '../shared/lazyWithReload';

const TeammateList = lazyWithReload(async () => ({ default: (await import('./TeammateList')).TeammateList }));
const TeammateCreate = lazyWithReload(async () => ({ default: (await import('./TeammateCreate')).TeammateCreate }));

/** `<Resource name="teammates" {...teammates} />`: ROUTE-8's `/teammates/` and `/teammates/create/`. */
export default {
  list: TeammateList,
  create: TeammateCreate,
  icon: GroupIcon,
  recordRepresentation: 'email',
};
