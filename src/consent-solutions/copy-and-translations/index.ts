import TranslateIcon from '@mui/icons-material/Translate';

/**
 * `<Resource name="translations" {...translations} />`. A solution's texts are one document per
 * language, read and saved a group at a time through the dataProvider's translation methods
 * (docs/api.md "Translations"); the screen is a tab of the consent solution (ROUTE-17,
 * `/consent-solutions/{csId}/copy-and-translations/`, see TranslationsTab).
 */
export default {
  icon: TranslateIcon,
};
