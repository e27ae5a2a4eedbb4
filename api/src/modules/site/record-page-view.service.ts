import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { hasControlCharacters } from '../../rules';

export const PAGE_VIEW_PATH_MAX = 512;

/** Checks the path of a page view; the query string and hash are dropped so nothing personal is kept. */
export function validatePageViewPath(input: unknown): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw DomainError.invalid([{ field: 'path', rule: 'required', message: 'path is required' }]);
  }
  if (hasControlCharacters(input)) {
    throw DomainError.invalid([{ field: 'path', rule: 'characters', message: 'path must not contain control characters' }]);
  }
  if (!input.startsWith('/')) {
    throw DomainError.invalid([{ field: 'path', rule: 'format', message: 'path must start with /' }]);
  }
  const pathOnly = input.split(/[?#]/)[0]!;
  if (pathOnly.length > PAGE_VIEW_PATH_MAX) {
    throw DomainError.invalid([{ field: 'path', rule: 'maxLength', message: `path must be at most ${PAGE_VIEW_PATH_MAX} characters` }]);
  }
  return pathOnly;
}

/** Stores one page view: the path and the time, nothing about the visitor. */
export async function recordPageView(db: Knex, input: { path: unknown }): Promise<void> {
  await db('page_views').insert({ path: validatePageViewPath(input.path) });
}
