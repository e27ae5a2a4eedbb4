/**
 * The text colour to write on a brand's colour: white, unless the colour is so light that white would fall under
 * WCAG's 4.5:1, then the product's near-black. (Relative luminance as WCAG 2 defines it.)
 */
export function textOn(colour: string): string {
  const hex = colour.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channels = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16) / 255);
  if (channels.some((value) => Number.isNaN(value))) return '#ffffff';
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (1 + 0.05) / (luminance + 0.05) >= 4.5 ? '#ffffff' : '#1c2a27';
}
