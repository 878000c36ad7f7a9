import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/Restore';
import { useTranslate } from 'react-admin';
import type { LanguageTexts, TranslationGroup } from '../../schemas/translations';
import { fieldLabel, resettableFields } from './translationsModel';

interface DefaultTextsPanelProps {
  group: TranslationGroup;
  data: LanguageTexts;
  busy: boolean;
  onReset: (field: string) => void;
}

/**
 * I18N-2: the group's texts the customer wrote where the language has a default text, each
 * with a button that puts the default back once confirmed (plain buttons and a dialog, so the
 * keyboard reaches and answers all of it). A language without default texts shows nothing.
 */
export const DefaultTextsPanel = ({ group, data, busy, onReset }: DefaultTextsPanelProps) => {
  const translate = useTranslate();
  const [asked, setAsked] = useState<{ field: string; defaultText: string } | null>(null);
  if (!data.defaults) return null;
  const fields = resettableFields(data, group);
  const label = (field: string) => fieldLabel(group, field, translate);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="default-texts-heading" sx={{ p: 2, mt: 3 }}>
      <Typography id="default-texts-heading" variant="h6" component="h3">
        {translate('translations.defaults.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(fields.length === 0 ? 'translations.defaults.none' : 'translations.defaults.intro')}
      </Typography>
      {fields.length > 0 && (
        <List dense>
          {fields.map((entry) => (
            <ListItem key={entry.field} disableGutters sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={label(entry.field)} />
              <Button
                size="small"
                startIcon={<RestoreIcon />}
                disabled={busy}
                aria-label={translate('translations.defaults.reset_label', { field: label(entry.field) })}
                onClick={() => setAsked(entry)}
              >
                {translate('translations.defaults.reset')}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={asked !== null} onClose={() => setAsked(null)} aria-labelledby="reset-default-title" aria-describedby="reset-default-body">
        <DialogTitle id="reset-default-title">{translate('translations.defaults.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="reset-default-body">
            {asked && translate('translations.defaults.confirm_body', { field: label(asked.field), text: asked.defaultText })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setAsked(null)}>
            {translate('translations.defaults.cancel')}
          </Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              if (asked) onReset(asked.field);
              setAsked(null);
            }}
          >
            {translate('translations.defaults.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
};
