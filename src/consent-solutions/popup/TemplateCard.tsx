import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';
import type { BannerContent } from '../../schemas/template';
import type { PopupTemplate } from '../../schemas/popupTemplate';
import { previewDocument } from './previewDocument';
import { TemplatePreviewFrame } from './TemplatePreviewFrame';

const THUMB_WIDTH = 1280;
const THUMB_HEIGHT = 800;
const THUMB_SCALE = 0.25;

interface TemplateCardProps {
  template: PopupTemplate;
  content: BannerContent | undefined;
  active?: boolean;
  badge?: string;
  actions: ReactNode;
}

/** A template with a live thumbnail (the real banner in a scaled sandboxed frame). */
export const TemplateCard = ({ template, content, active = false, badge, actions }: TemplateCardProps) => {
  const translate = useTranslate();
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={template.name}
      data-template-id={template.id}
      sx={{ borderColor: active ? 'secondary.main' : undefined, borderWidth: active ? 2 : 1 }}
    >
      <CardContent>
        {content ? (
          <TemplatePreviewFrame
            srcDoc={previewDocument(template, content, { replay: translate('popup.preview.replay') })}
            title={translate('popup.card.preview_title', { name: template.name })}
            width={THUMB_WIDTH}
            height={THUMB_HEIGHT}
            scale={THUMB_SCALE}
          />
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Typography>
          {active ? <Chip size="small" color="secondary" icon={<CheckCircleIcon />} label={translate('popup.card.active')} /> : null}
          {badge ? <Chip size="small" variant="outlined" label={badge} /> : null}
        </Stack>
        {template.description ? (
          <Typography variant="body2" color="text.secondary">
            {template.description}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {translate('popup.card.version', { version: template.version })}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>{actions}</CardActions>
    </Card>
  );
};
