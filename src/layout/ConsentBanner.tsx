import { useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAppTranslate } from '../i18n/useAppTranslate';
import {
  ALL_GRANTED,
  CONSENT_CATEGORIES,
  NECESSARY_ONLY,
  arePreferencesOpen,
  closeConsentPreferences,
  getConsent,
  openConsentPreferences,
  saveConsent,
  subscribeConsent,
  subscribePreferences,
  type ConsentChoice,
} from '../integrations/consent';

/**
 * PROD-6: the admin asks for cookie consent with its own banner. It sits in the page flow
 * above the content (never over it, so nothing is hidden behind it) until the visitor
 * chooses, and comes back from the menu's "Cookie preferences" link. It needs neither
 * react-admin nor the admin's texts, so the loading frame shows it first (docs/performance.md).
 */
export const ConsentBanner = () => {
  const consent = useSyncExternalStore(subscribeConsent, getConsent);
  const reopened = useSyncExternalStore(subscribePreferences, arePreferencesOpen);
  if (consent !== null && !reopened) return null;
  // Mounted afresh each time it shows, so the check boxes start from the stored choice.
  return <ConsentPanel consent={consent} reopened={reopened} />;
};

const ConsentPanel = ({ consent, reopened }: { consent: ConsentChoice | null; reopened: boolean }) => {
  const translate = useAppTranslate();
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoice>(consent ?? NECESSARY_ONLY);
  const showCategories = customizing || reopened;
  const title = translate('integrations.consent.title');

  return (
    <Paper component="section" role="region" aria-label={title} variant="outlined" sx={{ m: 2, p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2">{translate('integrations.consent.description')}</Typography>
      {showCategories && (
        <FormGroup aria-label={translate('integrations.consent.categories_label')} sx={{ mt: 1 }}>
          {CONSENT_CATEGORIES.map((category) => (
            <FormControlLabel
              key={category}
              control={
                <Checkbox
                  checked={category === 'necessary' || draft[category]}
                  disabled={category === 'necessary'}
                  onChange={(event) => {
                    if (category !== 'necessary') setDraft({ ...draft, [category]: event.target.checked });
                  }}
                />
              }
              label={
                <span>
                  <strong>{translate(`integrations.consent.categories.${category}.label`)}</strong>
                  {' – '}
                  {translate(`integrations.consent.categories.${category}.description`)}
                </span>
              }
            />
          ))}
        </FormGroup>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={() => saveConsent(ALL_GRANTED)}>
          {translate('integrations.consent.accept_all')}
        </Button>
        <Button variant="outlined" onClick={() => saveConsent(NECESSARY_ONLY)}>
          {translate('integrations.consent.necessary_only')}
        </Button>
        {showCategories ? (
          <Button variant="outlined" onClick={() => saveConsent(draft)}>
            {translate('integrations.consent.save')}
          </Button>
        ) : (
          <Button onClick={() => setCustomizing(true)}>{translate('integrations.consent.customize')}</Button>
        )}
        {consent !== null && <Button onClick={closeConsentPreferences}>{translate('integrations.consent.close')}</Button>}
      </Box>
    </Paper>
  );
};

/** The menu's link back to the banner (CONST-2: the choice can be changed at any time). */
export const ConsentPreferencesLink = () => {
  const translate = useAppTranslate();
  return (
    <Button size="small" sx={{ m: 1, textTransform: 'none' }} onClick={openConsentPreferences}>
      {translate('integrations.consent.preferences_link')}
    </Button>
  );
};
