import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslate } from 'react-admin';
import { PageLayout } from '../../components/PageLayout';

export interface ComingSoonProps {
  /** Translation key of the screen's name, e.g. `nav.teammates`. */
  titleKey: string;
}

/**
 * A placeholder for an authorised screen whose issue has not landed yet; it is replaced by the
 * real page then. It says so plainly instead of showing an empty or broken screen.
 */
export const ComingSoon = ({ titleKey }: ComingSoonProps) => {
  const translate = useTranslate();
  return (
    <PageLayout
      width="form"
      header={
        <Typography variant="h4" component="h1">
          {translate(titleKey)}
        </Typography>
      }
    >
      <section aria-labelledby="coming-soon-badge">
        <Chip id="coming-soon-badge" icon={<ConstructionIcon />} label={translate('shell.coming_soon.badge')} color="secondary" sx={{ mb: 2 }} />
        <Typography>{translate('shell.coming_soon.description')}</Typography>
      </section>
    </PageLayout>
  );
};
