import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { i18nProvider } from '../i18n/i18nProvider';
import { GRAPHQL_URL } from '../providers/dataProvider';

// Shown instead of <Admin> when the data provider cannot start (API down, schema error).
// It renders outside react-admin's contexts, so it calls the i18n provider directly.
export function ApiUnavailable({ error }: { error: string }) {
  const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', mt: 8, px: 2, fontFamily: 'system-ui, sans-serif' }}>
      <Alert severity="error" role="alert">
        <AlertTitle>{t('shb.api_error.title')}</AlertTitle>
        <Typography gutterBottom>{t('shb.api_error.body', { url: GRAPHQL_URL })}</Typography>
        <Typography variant="body2" component="details" sx={{ mb: 2 }}>
          <summary>{t('shb.api_error.details')}</summary>
          <code>{error}</code>
        </Typography>
        <Button variant="contained" color="error" onClick={() => window.location.reload()}>
          {t('shb.api_error.retry')}
        </Button>
      </Alert>
    </Box>
  );
}
