import { textOn } from './brand-colours';
import type { GroupBrand } from './group-brand';

/**
 * An e-mail in the group's brand: the text signed with the brand's name and the address customers write to,
 * and an HTML part with the brand's colour bar and name over the same paragraphs (links clickable). Both say
 * the same thing; mail programs that show only text lose nothing.
 */
export function brandedEmail(brand: Pick<GroupBrand, 'name' | 'colour' | 'supportEmail'>, paragraphs: readonly string[]): { text: string; html: string } {
  const signature = [brand.name, ...(brand.supportEmail ? [`Questions? Write to ${brand.supportEmail}`] : [])];
  const text = [...paragraphs, '', ...signature].join('\n');
  const blocks = paragraphs
    .join('\n')
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 16px">${block.split('\n').map(inline).join('<br>')}</p>`);
  const support = brand.supportEmail ? `<br>Questions? Write to <a href="mailto:${escape(brand.supportEmail)}" style="color:${escape(brand.colour)}">${escape(brand.supportEmail)}</a>` : '';
  const html = [
    '<!doctype html><html lang="en-GB"><body style="margin:0;background:#f5f8f6;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1c2a27">',
    `<div style="background:${escape(brand.colour)};color:${textOn(brand.colour)};padding:16px 24px;font-size:20px;font-weight:700">${escape(brand.name)}</div>`,
    `<div style="background:#ffffff;padding:24px;line-height:1.5;font-size:15px">${blocks.join('')}`,
    `<p style="margin:24px 0 0;color:#52615d;font-size:13px">${escape(brand.name)}${support}</p></div>`,
    '</body></html>',
  ].join('');
  return { text, html };
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A line of text as HTML, its web addresses as links. */
function inline(line: string): string {
  return line
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escape(part)}">${escape(part)}</a>` : escape(part)))
    .join('');
}
