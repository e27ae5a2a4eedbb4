import { useEffect, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, ThemeProvider, Typography } from '@mui/material';
import { BrandMark } from '../brand/BrandMark';
import { PRODUCT_BRAND } from '../brand/group-brand';
import { productTheme } from './product-theme';
import { fetchSiteConfig } from './site-config';

/**
 * The page every screen outside the back office proper uses (sign in, forgotten password, new password), in the
 * product's look: the site's header (its mark and name), its colours, a card with the form.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const [siteName, setSiteName] = useState(PRODUCT_BRAND.name);
  useEffect(() => {
    void fetchSiteConfig().then((config) => setSiteName(config.siteName));
  }, []);
  return (
    <ThemeProvider theme={productTheme}>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary', fontFamily: productTheme.typography.fontFamily, '& a': { color: 'primary.main' } }}>
        <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: '1px solid #dbe4e0' }}>
          <Box sx={{ maxWidth: '72rem', mx: 'auto', px: 2.5, minHeight: 68, display: 'flex', alignItems: 'center', gap: 1.25 }}>
            <BrandMark colour={PRODUCT_BRAND.colour} size={28} />
            <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.2rem', color: 'primary.main', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {siteName}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto', display: { xs: 'none', sm: 'inline' } }}>
              Back office
            </Typography>
          </Box>
        </Box>
        <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
          <Card elevation={0} sx={{ width: '100%', maxWidth: 420, boxShadow: '0 6px 24px rgb(15 92 74 / 0.08)', border: '1px solid #dbe4e0' }}>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
                {title}
              </Typography>
              {children}
            </CardContent>
          </Card>
        </Box>
      </Box>
    </ThemeProvider>
  );
}
