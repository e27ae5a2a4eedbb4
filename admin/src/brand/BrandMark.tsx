import { Box } from '@mui/material';

/**
 * The product's mark, the house of the public site's header (site.css .brand__mark): a house in the brand's
 * colour on white, or the other way round on a bar of the brand's colour (`inverted`). Decorative: the
 * brand's name always stands beside it or in the page's title.
 */
export function BrandMark({ colour, inverted = false, size = 28 }: { colour: string; inverted?: boolean; size?: number }) {
  const [tile, house] = inverted ? ['#ffffff', colour] : [colour, '#ffffff'];
  return (
    <Box component="svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" sx={{ flexShrink: 0, display: 'block' }}>
      <rect width="32" height="32" rx="7" fill={tile} />
      <path d="M16 6.5 26 15v10.5H6V15z" fill={house} />
      <rect x="13.5" y="18" width="5" height="7.5" fill={tile} />
    </Box>
  );
}
