import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** ROUTE-22: the catch-all page, "Not Found", with a way home. */
export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto', my: 6, px: 2, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('shell.not_found.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('shell.not_found.description')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {translate('shell.not_found.home')}
      </Button>
    </Box>
  );
};
