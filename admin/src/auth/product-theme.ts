import { createTheme } from '@mui/material/styles';
import { PRODUCT_BRAND } from '../brand/group-brand';

/**
 * The public site's look (site/src/ui/site.css: its green, its pale background, its text colours, rounded
 * cards, the system font) for the pages staff meet before the back office: signing in, a forgotten password.
 */
export const productTheme = createTheme({
  palette: {
    primary: { main: PRODUCT_BRAND.colour, dark: '#0a4437', contrastText: '#ffffff' },
    background: { default: '#f5f8f6', paper: '#ffffff' },
    text: { primary: '#1c2a27', secondary: '#52615d' },
  },
  shape: { borderRadius: 12 },
  typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", button: { textTransform: 'none', fontWeight: 700 } },
});
