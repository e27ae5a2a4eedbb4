/**
 * Bacs' XML reports (ARUDD, ADDACS, AUDDIS, DDICA) carry every fact as attributes of flat, repeated elements,
 * so reading them needs no DOM: this scans the document for the start tags of the wanted elements and returns
 * their attributes, each with the attributes of the named child elements that follow before its end tag.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, name: string) =>
    name.startsWith('#x') || name.startsWith('#X') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : ENTITIES[name.toLowerCase()]!,
  );
}

export function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) result[match[1]!] = decode(match[3] ?? match[4] ?? '');
  return result;
}

/** An attribute by name, safe for names that are also Object methods (ARUDD's `valueOf`). */
export function attr(values: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

export interface XmlElement {
  attributes: Record<string, string>;
  /** Attributes of each child element by its name (the first of each name). */
  children: Record<string, Record<string, string>>;
}

/** Every `<name …>` element of the document, with its children's attributes. */
export function elements(xml: string, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const start = new RegExp(`<${name}(\\s[^>]*?)?(/?)>`, 'g');
  for (const match of xml.matchAll(start)) {
    const element: XmlElement = { attributes: attributes(match[1] ?? ''), children: {} };
    if (match[2] !== '/') {
      const bodyStart = match.index + match[0].length;
      const end = xml.indexOf(`</${name}>`, bodyStart);
      const body = xml.slice(bodyStart, end === -1 ? undefined : end);
      for (const child of body.matchAll(/<([\w:.-]+)(\s[^>]*?)?\/?>/g)) element.children[child[1]!] ??= attributes(child[2] ?? '');
    }
    found.push(element);
  }
  return found;
}

/** The first `<name …>` element's attributes, or an empty object. */
export function firstElement(xml: string, name: string): Record<string, string> {
  return elements(xml, name)[0]?.attributes ?? {};
}
