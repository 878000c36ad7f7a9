import CookieIcon from '@mui/icons-material/Cookie';

/**
 * `<Resource name="cookies" {...cookies} />`. Cookies have no screens of their own: they are
 * listed, added and edited inside their consent solution (ROUTE-18,
 * `/consent-solutions/{csId}/cookie-management/…`, see CookieManagement). The resource is
 * registered for its icon and record representation.
 */
export default {
  icon: CookieIcon,
  recordRepresentation: 'name',
};
