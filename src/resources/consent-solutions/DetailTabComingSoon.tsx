import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslate } from 'react-admin';

export interface DetailTabComingSoonProps {
  /** Translation key of the tab's name. */
  titleKey: string;
}

/**
 * A detail tab whose screen is another issue's (pop-up, copy and translations, cookie
 * management): the URL exists (ROUTE-12) and says plainly that the screen is on its way.
 */
export const DetailTabComingSoon = ({ titleKey }: DetailTabComingSoonProps) => {
  const translate = useTranslate();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="detail-tab-coming-soon" sx={{ p: 3 }}>
      <Typography id="detail-tab-coming-soon" variant="h5" component="h2" gutterBottom>
        {translate(titleKey)}
      </Typography>
      <Chip icon={<ConstructionIcon />} label={translate('cs.coming_soon.badge')} color="secondary" sx={{ mb: 2 }} />
      <Typography>{translate('cs.coming_soon.description')}</Typography>
    </Paper>
  );
};
