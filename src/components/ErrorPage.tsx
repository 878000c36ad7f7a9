import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

interface ErrorPageProps {
  /** Whatever was thrown; only an Error's message is shown. */
  error?: unknown;
}

const messageOf = (error: unknown): string | undefined => {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
};

/**
 * ROUTE-22: "Something went wrong!" with a Show Error / Hide Error toggle. It fits both
 * `<Admin error>` and `<Layout error>`.
 */
export const ErrorPage = ({ error }: ErrorPageProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const headingId = useId();
  const message = messageOf(error) ?? translate('shell.error.unknown');
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 720, mx: 'auto', my: 6, px: 2, textAlign: 'center' }}>
      <Typography id={headingId} variant="h4" component="h1" gutterBottom>
        {translate('shell.error.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('shell.error.description')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((value) => !value)}>
          {translate(open ? 'shell.error.hide' : 'shell.error.show')}
        </Button>
        {/* A full page load: whatever state broke the page is discarded. */}
        <Button variant="contained" href="/">
          {translate('shell.error.home')}
        </Button>
      </Box>
      <Box
        id={detailsId}
        component="pre"
        hidden={!open}
        sx={{ mt: 3, p: 2, textAlign: 'left', whiteSpace: 'pre-wrap', wordBreak: 'break-word', bgcolor: 'grey.100', borderRadius: 1 }}
      >
        {message}
      </Box>
    </Box>
  );
};
