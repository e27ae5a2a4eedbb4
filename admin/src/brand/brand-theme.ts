import { getContrastRatio } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';
import { backOfficeTheme } from '../layout/theme';

/** How well white reads on a colour (WCAG ratio); 0 for a colour MUI cannot read, so it is never trusted. */
function whiteContrast(colour: string): number {
  try {
    return getContrastRatio(colour, '#ffffff');
  } catch {
    return 0;
  }
}

/** Text on a brand colour: white where it reads at WCAG's 4.5:1, else near-black (the site's text colour). */
export const textOn = (colour: string): string => (whiteContrast(colour) >= 4.5 ? '#ffffff' : '#1c2a27');

/**
 * The back office's colours in a group's brand (the top bar wears it: layout/AppLayout.tsx): buttons and links
 * in the brand's colour when it reads on white (4.5:1), else they keep the back office's blue.
 */
export function brandTheme(colour: string): RaThemeOptions {
  const readableOnWhite = whiteContrast(colour) >= 4.5;
  return {
    ...backOfficeTheme,
    palette: { ...backOfficeTheme.palette, ...(readableOnWhite ? { primary: { main: colour, contrastText: '#ffffff' } } : {}) },
  };
}
