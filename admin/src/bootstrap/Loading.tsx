import { Box, CircularProgress, Typography } from '@mui/material';
import { i18nProvider } from '../i18n/i18nProvider';

export function Loading() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, height: '100vh' }}>
      <CircularProgress size={24} />
      <Typography>{i18nProvider.translate('shb.app.loading')}</Typography>
    </Box>
  );
}
