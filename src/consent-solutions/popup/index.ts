import WebIcon from '@mui/icons-material/Web';

/**
 * `<Resource name="popup-templates" {...popupTemplates} />`. Templates have no screens of their
 * own: the gallery, my templates and the editor sit in the consent solution's pop-up tab
 * (ROUTE-13, `/consent-solutions/{csId}/popup/…`), which reads and writes them through
 * react-admin's CRUD on this resource. Registered for its label, icon and representation.
 */
export default {
  icon: WebIcon,
  recordRepresentation: 'name',
};
