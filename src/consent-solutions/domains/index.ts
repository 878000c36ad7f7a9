import DnsIcon from '@mui/icons-material/Dns';

/**
 * `<Resource name="domains" {...domains} />`. Domains have no screens of their own: they are
 * listed, added and edited inside their consent solution (ROUTE-16,
 * `/consent-solutions/{csId}/domains/…`). The resource is registered for its label, icon and
 * record representation.
 */
export default {
  icon: DnsIcon,
  recordRepresentation: 'canonicalDomain',
};
