/**
 * Most public pages are words, so they are written as data and drawn by one component (ArticlePage).
 * In any text, {phone} becomes the configured phone number (as a tel: link) and {siteName} the site name.
 */
export type LinkItem = { to: string; label: string };

export type Block =
  | string
  | { list: readonly string[]; ordered?: boolean }
  | { links: readonly LinkItem[] }
  | { table: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] } }
  | { note: string }
  | { qa: ReadonlyArray<{ question: string; answer: string }> };

export type Section = { id?: string; heading: string; blocks: readonly Block[] };

export type Article = {
  heading: string;
  intro: string;
  sections: readonly Section[];
  /** Ends the page with the quote call-to-action. */
  quote?: boolean;
};
